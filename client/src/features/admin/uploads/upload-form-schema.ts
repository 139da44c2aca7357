import { z } from "zod";

/** What the report and media forms hold; every field is required (SPEC §5), the files checked per form. */
export const ownerUploadFormSchema = z.object({
  userId: z.string().min(1, "Select a customer"),
  serviceId: z.string().min(1, "Select a service"),
  title: z.string().trim().min(1, "Enter a title").max(200, "Title is too long"),
  description: z.string().trim().min(1, "Enter a description").max(5_000, "Description is too long"),
  files: z.array(z.instanceof(File)).min(1, "Choose a file to upload"),
});

export type OwnerUploadFormValues = z.infer<typeof ownerUploadFormSchema>;

export const emptyOwnerUploadForm: OwnerUploadFormValues = { userId: "", serviceId: "", title: "", description: "", files: [] };
