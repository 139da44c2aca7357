import { z } from "zod";
import { reportUploadFieldsSchema } from "@common/admin-uploads";

/** The report and media forms: the fields the server checks, plus the files (checked per form). */
export const ownerUploadFormSchema = reportUploadFieldsSchema.extend({
  files: z.array(z.instanceof(File)).min(1, "Choose a file to upload"),
});

/** What the form holds as the admin types. */
export type OwnerUploadFormValues = z.input<typeof ownerUploadFormSchema>;
/** What a valid form gives to the upload. */
export type OwnerUpload = z.output<typeof ownerUploadFormSchema>;

export const emptyOwnerUploadForm: OwnerUploadFormValues = { jobId: "", userId: "", serviceId: "", title: "", description: "", files: [] };
