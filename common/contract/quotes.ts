import { z } from "zod";
import { JOB_STATUSES } from "../job-status";
import { QUOTE_STAGES } from "../quote-stage";
import { QUOTE_STATUSES, type QuoteStatus } from "../quote-statuses";
import { pageOf, pageQueryFields } from "./pagination";
import { id, isoDate, listOf, successMessageOf } from "./wire";

const quoteFields = {
  id,
  serviceType: z.string(),
  description: z.string(),
  budget: z.string(),
  timeline: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** Set by an admin when accepting, in cents. */
  price: z.number().int().nullable(),
  /** Why it was declined, as the admin wrote it for the customer; null when none was given. */
  declineReason: z.string().nullable(),
  createdAt: isoDate,
};

/** A quote request as its customer lists it. */
export const quoteSchema = z.object({
  ...quoteFields,
  /** Paid through checkout, or, for a quote an accepted estimate prices, nothing left to pay on its job: the Pay button gives way to "Paid". */
  paid: z.boolean(),
  /** Its job is priced by an accepted estimate: `price` is that estimate's accepted total, paid through its deposit and invoice, never the quote's Pay. */
  pricedByEstimate: z.boolean(),
  /** The job the request opened; null for a request older than jobs. */
  jobId: id.nullable(),
  /** That job's state, which the request's stage follows (docs/decisions/0048-quote-and-job-life-cycles.md). */
  jobStatus: z.enum(JOB_STATUSES).nullable(),
  /** Where the request and its job stand, as one story (common/quote-stage.ts). */
  stage: z.enum(QUOTE_STAGES),
  /** What happens next in that story; null once it has ended. */
  nextStep: z.string().nullable(),
});
export type Quote = z.input<typeof quoteSchema>;

/** A quote as the admins list it: with its customer. */
const adminQuoteSchema = quoteSchema.extend({
  userId: id,
  customerName: z.string(),
  customerEmail: z.string(),
  contactSubmissionId: id,
  updatedAt: isoDate,
});
export type AdminQuote = z.input<typeof adminQuoteSchema>;

/** GET /api/quotes. */
export const quoteListSchema = listOf(quoteSchema);

const STATUS_LIST_RULE = `status must be one or more of ${QUOTE_STATUSES.join(", ")}, separated by commas`;

/** GET /api/admin/quotes's query: a page, words of the request or its customer, and the statuses to list ("accepted,declined,completed"). */
export const adminQuoteQuerySchema = z.object({
  ...pageQueryFields,
  status: z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()))
    .refine((parts): parts is QuoteStatus[] => parts.every((part) => (QUOTE_STATUSES as readonly string[]).includes(part)), STATUS_LIST_RULE)
    .optional(),
});

/** GET /api/admin/quotes: every quote, or one page with the total matching. */
export const adminQuoteListSchema = pageOf(adminQuoteSchema);

/** PATCH /api/admin/quotes/:id: the toast's message and the quote as stored. */
export const quoteUpdatedSchema = successMessageOf(z.object({ ...quoteFields, userId: id, contactSubmissionId: id, updatedAt: isoDate }));
