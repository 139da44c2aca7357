import { z } from "zod";
import { FINDINGS_CSV_REF, STORED_FILE_KINDS } from "../job-download";
import { id, listOf } from "./wire";

/** What the job's pages call it: a report's title, a document's, "Findings (CSV)". */
const about = { title: z.string() };

/** One file the job's ZIP holds for the caller, by the `kind:id` that selects it in `?items=`. */
const jobFileSchema = z.union([
  z.object({ kind: z.enum(STORED_FILE_KINDS), id, ...about, size: z.number().int().nonnegative() }),
  // Made as it is sent: its size is not known before.
  z.object({ kind: z.literal(FINDINGS_CSV_REF.kind), id: z.literal(FINDINGS_CSV_REF.id), ...about, size: z.null() }),
]);
export type JobFileItem = z.input<typeof jobFileSchema>;

/** GET /api/jobs/:id/files: what "Download all" puts in the ZIP, in its order, for "Download selected" to choose from. */
export const jobFileListSchema = listOf(jobFileSchema);
