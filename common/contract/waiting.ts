import { z } from "zod";
import { idMessage, MAX_ID } from "../validation";
import { id, isoDate, listOf } from "./wire";

const cents = z.number().int();
/** A calendar day, YYYY-MM-DD. */
const day = z.string();
const jobIdMessage = idMessage("jobId");

/** GET /api/waiting?jobId=: one job's items only. */
export const waitingQuerySchema = z.object({
  jobId: z.coerce.number({ message: jobIdMessage }).int(jobIdMessage).positive(jobIdMessage).max(MAX_ID, jobIdMessage).optional(),
});

/**
 * What every item says: its job, what waits in a plain sentence, what to do about it and where
 * (an address of the app, which the item links to).
 */
const itemFields = {
  jobId: id,
  jobTitle: z.string(),
  sentence: z.string(),
  /** The link's words: "Answer the estimate", "Pay the deposit". */
  action: z.string(),
  /** An address of the app: `/dashboard/estimates/12`, `/dashboard/jobs/7#invoices-heading`. */
  href: z.string(),
};

/**
 * One thing that waits for the customer (docs/decisions/0049-what-waits-for-a-customer.md), with its
 * figures as the server computed them elsewhere, in cents: an estimate to answer (its total as sent),
 * an accepted estimate's deposit still due, an open invoice's balance, an upcoming flight (its window,
 * read in the site's time zone) or deliverables ready on a delivered job.
 */
export const waitingItemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("estimate"), ...itemFields, estimateId: id, currency: z.string(), total: cents, validUntil: day }),
  z.object({ kind: z.literal("deposit"), ...itemFields, estimateId: id, currency: z.string(), amountDue: cents }),
  z.object({ kind: z.literal("invoice"), ...itemFields, invoiceId: id, currency: z.string(), amountDue: cents, dueDate: day, overdue: z.boolean() }),
  z.object({ kind: z.literal("flight"), ...itemFields, start: isoDate, end: isoDate, timeZone: z.string() }),
  z.object({ kind: z.literal("deliverables"), ...itemFields, reports: z.number().int(), media: z.number().int() }),
]);
export type WaitingItem = z.input<typeof waitingItemSchema>;

/** GET /api/waiting: what waits, the most pressing first. */
export const waitingListSchema = listOf(waitingItemSchema);
