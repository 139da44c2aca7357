import { z } from "zod";
import type { JobStatus } from "./job-status";
import { nulMessage } from "./validation";
import { oneLine } from "./one-line";

const TITLE_MAX = 200;

export const jobDocumentMessages = {
  title: "Give the document a title",
  titleLong: `The title is at most ${TITLE_MAX} characters`,
  job: "Choose the job it is for",
  file: "Choose a file to send",
  /** A cancelled or closed job is over: what it would be sent for will not happen. */
  settled: (status: JobStatus) => `A ${status} job takes no more documents`,
  /** The back office has its own uploads; this call is the customer's. */
  customerOnly: "Only the job's customer sends documents here; the back office uploads reports and media under Uploads",
  deleteForbidden: "Only the customer who sent a document, or an admin, deletes it",
  notFound: "Document not found",
  deleted: "Document deleted",
} as const;

/** The text field of POST /api/jobs/:id/documents beside its file, as the browser and the server both check it. */
export const jobDocumentFieldsSchema = z.object({
  title: oneLine("The title", jobDocumentMessages.title)
    .min(1, jobDocumentMessages.title)
    .max(TITLE_MAX, jobDocumentMessages.titleLong)
    .refine((value) => !value.includes("\0"), nulMessage("The title")),
});
export type JobDocumentFields = z.output<typeof jobDocumentFieldsSchema>;
