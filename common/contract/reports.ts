import { z } from "zod";
import { pageOf } from "./pagination";
import { id, isoDate, listOf, successMessageSchema, successOf } from "./wire";

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

/** GET /api/reports. */
export const reportListSchema = listOf(reportSchema);

/** POST /api/admin/reports. */
export const reportCreatedSchema = successOf(reportSchema);

/** A report in the back office's lists: who it belongs to, by name (first and last, else username). */
export const adminReportSchema = reportSchema.extend({ ownerName: z.string() });
export type AdminReport = z.input<typeof adminReportSchema>;

/** GET /api/admin/reports: a page of reports (all of them without page or pageSize) and how many match. */
export const adminReportListSchema = pageOf(adminReportSchema);

/** PATCH /api/admin/reports/:id: the renamed report as the back office lists it. */
export const adminReportAnswerSchema = successOf(adminReportSchema);

/** DELETE /api/admin/reports/:id. */
export const reportDeletedSchema = successMessageSchema;
