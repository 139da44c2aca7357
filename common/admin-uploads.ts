import { z } from "zod";

export const UPLOAD_VALIDATION_TITLE = "Validation Error";
export const UPLOAD_VALIDATION_MESSAGE = "Please fill in all required fields and upload a file";

const required = z.string().trim().min(1, UPLOAD_VALIDATION_MESSAGE);
const id = z.coerce.number({ message: UPLOAD_VALIDATION_MESSAGE }).int(UPLOAD_VALIDATION_MESSAGE).positive(UPLOAD_VALIDATION_MESSAGE);

/** The text fields of POST /api/admin/reports (SPEC §5: all required, plus one file). */
export const reportUploadFieldsSchema = z.object({
  userId: id,
  serviceId: id,
  title: required.max(200, "Title is too long"),
  description: required.max(5_000, "Description is too long"),
});

/** The text fields of POST /api/admin/media and POST /api/upload-media (one request per file). */
export const mediaUploadFieldsSchema = reportUploadFieldsSchema.extend({
  // The gallery upload sends userId "admin" (SPEC §6): the calling admin owns the item.
  userId: z.union([z.literal("admin"), id]),
  isGalleryItem: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
