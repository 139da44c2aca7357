import { z } from "zod";
import { QUOTE_STATUSES } from "../quotes";
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
  createdAt: isoDate,
};

/** A quote request as its customer lists it. */
export const quoteSchema = z.object({
  ...quoteFields,
  /** Paid through checkout: the Pay button gives way to "Paid". */
  paid: z.boolean(),
});
export type Quote = z.input<typeof quoteSchema>;

/** A quote as the admins list it: with its customer. */
const adminQuoteSchema = quoteSchema.extend({
  userId: id,
  customerName: z.string(),
  customerEmail: z.string(),
  contactSubmissionId: id,
  /** The job the request opened, which an estimate is sent for; null for a request older than jobs. */
  jobId: id.nullable(),
  updatedAt: isoDate,
});
export type AdminQuote = z.input<typeof adminQuoteSchema>;

/** GET /api/quotes. */
export const quoteListSchema = listOf(quoteSchema);

/** GET /api/admin/quotes. */
export const adminQuoteListSchema = listOf(adminQuoteSchema);

/** PATCH /api/admin/quotes/:id: the toast's message and the quote as stored. */
export const quoteUpdatedSchema = successMessageOf(
  z.object({ ...quoteFields, userId: id, contactSubmissionId: id, updatedAt: isoDate }),
);
