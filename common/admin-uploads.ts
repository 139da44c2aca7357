import { z } from "zod";
import { oneLine } from "./one-line";

export const UPLOAD_VALIDATION_TITLE = "Validation Error";
export const UPLOAD_VALIDATION_MESSAGE = "Please fill in all required fields and upload a file";

// Each field's own message shows beside it in the admins' forms; the server answers these in `errors`.
const required = (missing: string) => z.string().trim().min(1, missing);
const requiredLine = (label: string, missing: string) => oneLine(label).min(1, missing);
// Multipart fields and <select> values are strings.
const id = (missing: string) => z.coerce.number<string>({ message: missing }).int(missing).positive(missing);

/** The text fields of POST /api/admin/reports (docs/product.md §5: all required, plus one file). */
export const reportUploadFieldsSchema = z.object({
  userId: id("Select a customer"),
  serviceId: id("Select a service"),
  title: requiredLine("Title", "Enter a title").max(200, "Title is too long"),
  description: required("Enter a description").max(5_000, "Description is too long"),
  // The job it belongs to, if any: held from the customer until that job is delivered (docs/product.md §10).
  jobId: z.union([z.literal("").transform(() => undefined), id("Select a job")]).optional(),
});
export type ReportUploadFields = z.output<typeof reportUploadFieldsSchema>;

/** The text fields of POST /api/admin/media and POST /api/upload-media (one request per file). */
export const mediaUploadFieldsSchema = reportUploadFieldsSchema.extend({
  // The gallery upload sends userId "admin" (docs/product.md §6): the calling admin owns the item.
  userId: z.union([z.literal("admin"), id("Select a customer")]),
  isGalleryItem: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
export type MediaUploadFields = z.output<typeof mediaUploadFieldsSchema>;

/**
 * The text fields of a report or media item uploaded to a job (POST /api/admin/jobs/{id}/reports
 * and /media, or resumably): the job names its customer and its service, so only a title is
 * needed; the description may be left empty (docs/product.md §10).
 */
export const jobDeliverableFieldsSchema = z.object({
  title: reportUploadFieldsSchema.shape.title,
  description: z.string().trim().max(5_000, "Description is too long").default(""),
});
export type JobDeliverableFields = z.output<typeof jobDeliverableFieldsSchema>;
