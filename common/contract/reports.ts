import { z } from "zod";
import { id, isoDate, listOf, successOf } from "./wire";

/**
 * A report as its owner and the admins see it: the file by its URL (served with an ownership
 * check), never where it is stored.
 */
export const reportSchema = z.object({
  id,
  userId: id,
  serviceId: id.nullable(),
  /** The job it was made for; none for work outside a job. */
  jobId: id.nullable(),
  title: z.string(),
  description: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  fileUrl: z.string(),
  createdAt: isoDate,
});
export type Report = z.input<typeof reportSchema>;

/** GET /api/reports and GET /api/admin/reports. */
export const reportListSchema = listOf(reportSchema);

/** POST /api/admin/reports. */
export const reportCreatedSchema = successOf(reportSchema);
