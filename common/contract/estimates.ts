import { z } from "zod";
import { billedCustomerSchema } from "./billed-customer";
import { ESTIMATE_ANSWERS, ESTIMATE_STATUSES } from "../estimate-status";
import { id, isoDate, listOf, successOf } from "./wire";

const cents = z.number().int();
/** A calendar day, YYYY-MM-DD. */
const day = z.string();

/** One line as the server stored and priced it; `id` is what the customer ticks an optional line by. */
export const estimateLineSchema = z.object({
  id,
  position: z.number().int(),
  description: z.string(),
  /** At most 3 decimals (2.5 hours). */
  quantity: z.number(),
  unit: z.string(),
  unitPrice: cents,
  /** quantity × unit price, rounded once to the cent by common/money.ts. */
  amount: cents,
  optional: z.boolean(),
  /** The price list item it was made from; null for a line typed by hand or whose item was since deleted. */
  priceListItemId: id.nullable(),
});

/** The customer's answer to one revision: its signature record for an acceptance. */
const estimateResponseSchema = z.object({
  answer: z.enum(ESTIMATE_ANSWERS),
  signatureName: z.string().nullable(),
  signedAt: isoDate.nullable(),
  /** The optional lines the customer ticked. */
  optionalLineIds: z.array(id),
  /** SHA-256 (hex) of exactly the estimate text and figures accepted. */
  acceptedSha256: z.string().nullable(),
  /** The accepted figures, in cents: the required lines and the ticked ones. */
  acceptedSubtotal: cents.nullable(),
  acceptedTax: cents.nullable(),
  acceptedTotal: cents.nullable(),
  acceptedDepositAmount: cents.nullable(),
  comment: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoDate,
});

/** An earlier or later revision of the same job's estimate, for the history. */
const estimateRevisionSchema = z.object({ id, revision: z.number().int(), status: z.enum(ESTIMATE_STATUSES), total: cents, createdAt: isoDate });

/**
 * An estimate revision with every figure the server computed, in cents: the
 * totals as sent (required lines only) and, once accepted, the accepted ones in `response`.
 * `status` is `expired` once its valid-until day has passed unanswered.
 */
export const estimateSchema = z.object({
  id,
  jobId: id,
  jobTitle: z.string(),
  /** The estimate's number on its PDF and in mails: its job's ("Estimate #12"), revisions counting up. */
  number: id,
  revision: z.number().int(),
  status: z.enum(ESTIMATE_STATUSES),
  customer: billedCustomerSchema,
  currency: z.string(),
  lines: z.array(estimateLineSchema),
  subtotal: cents,
  discount: cents,
  /** The business's tax rate when it was sent, in basis points (825 is 8.25 %). */
  taxRateBasisPoints: z.number().int(),
  tax: cents,
  total: cents,
  /** The deposit as asked: a percent of the total (30 for 30 %), or null for a fixed amount. */
  depositPercent: z.number().nullable(),
  /** The deposit in cents for the total as sent. */
  depositAmount: cents,
  /** Once accepted: the accepted deposit, what has been paid of it, and what is still due (0 when none or paid). */
  depositPaid: cents,
  depositDue: cents,
  validUntil: day,
  note: z.string(),
  createdAt: isoDate,
  response: estimateResponseSchema.nullable(),
  /** Every revision of the job's estimate, oldest first, this one included. */
  revisions: z.array(estimateRevisionSchema),
});
export type Estimate = z.input<typeof estimateSchema>;

/** GET /api/estimates/:id, and every write on an estimate (POST /api/admin/estimates, accept, request-changes, decline). */
export const estimateAnswerSchema = successOf(estimateSchema);
/** GET /api/estimates?jobId=: newest revision first. */
export const estimateListSchema = listOf(estimateSchema);
