import type { UseFormSetError } from "react-hook-form";
import { z } from "zod";
import { reportUploadFieldsSchema } from "@common/admin-uploads";
import type { Answer } from "@/lib/api";
import { withFileError } from "@/lib/resumable-uploads";
import { showRefusal } from "@/lib/show-refusal";

/** The report and media forms: the fields the server checks, plus the files (checked per form). */
export const ownerUploadFormSchema = reportUploadFieldsSchema.extend({
  files: z.array(z.instanceof(File)).min(1, "Choose a file to upload"),
});

/** What the form holds as the admin types. */
export type OwnerUploadFormValues = z.input<typeof ownerUploadFormSchema>;
/** What a valid form gives to the upload. */
export type OwnerUpload = z.output<typeof ownerUploadFormSchema>;

export const emptyOwnerUploadForm: OwnerUploadFormValues = { jobId: "", userId: "", serviceId: "", title: "", description: "", files: [] };

const FIELDS = ["jobId", "userId", "serviceId", "title", "description"] as const;
// What the server says of the file itself (its name, its type, its content) shows under the file picker.
const FILE_KEYS = ["file", "filename", "filetype"];

/** Puts the server's field errors under the fields they name; returns the message no field carries. */
export function showOwnerUploadRefusal(refusal: Extract<Answer<unknown>, { ok: false }>, setError: UseFormSetError<OwnerUploadFormValues>): string | undefined {
  return showRefusal(withFileError(refusal), setError, (path) =>
    (FIELDS as readonly string[]).includes(path) ? (path as (typeof FIELDS)[number]) : FILE_KEYS.includes(path) ? "files" : undefined,
  );
}
