import type { z } from "zod";
import { reportUploadFieldsSchema } from "./admin-uploads";

/**
 * PATCH /api/admin/reports/{id} and /api/admin/media/{id}: a delivered report's or media item's new
 * title and description, with the same rules (and messages) as when it was uploaded. Either may be
 * left out; at least one is needed.
 */
export const deliverableEditSchema = reportUploadFieldsSchema
  .pick({ title: true, description: true })
  .partial()
  .refine((edit) => edit.title !== undefined || edit.description !== undefined, { message: "Enter a title or a description", path: ["title"] });
export type DeliverableEdit = z.output<typeof deliverableEditSchema>;
