import { z } from "zod";

const cents = z.number().int();

/**
 * What a job comes to and where its money stands, in cents, as server/billing/job-amounts.ts
 * computes it once for every answer and screen that shows a job's money
 * (docs/decisions/0047-a-jobs-amounts.md).
 */
export const jobAmountsSchema = z.object({
  /**
   * What prices the job: its final invoice once issued (the estimate's lines with any extra lines
   * and adjustments), its accepted estimate, the quote's one price (docs/product.md §9), or nothing yet.
   */
  pricedBy: z.enum(["invoice", "estimate", "quote"]).nullable(),
  /** The ISO code the amounts are in ("usd"). */
  currency: z.string(),
  /** The accepted estimate's total with the optional items the customer chose, or the accepted quote's price; null before either. */
  acceptedTotal: cents.nullable(),
  /**
   * What the job comes to: its invoice's total once issued (docs/decisions/0059-extra-lines-and-credit-notes.md),
   * else the accepted total; null before either.
   */
  total: cents.nullable(),
  /** What the invoice's credit notes took off what is owed. */
  credited: cents,
  /** The deposit the customer accepted; 0 when none was asked. */
  deposit: cents,
  /** The succeeded payments towards the deposit. */
  depositPaid: cents,
  /** The succeeded payments towards the job: its deposit, its invoices and its quote's checkout. */
  paid: cents,
  /** What refunds gave back of those payments; a refund does not make money due again (docs/decisions/0026-quote-to-cash.md). */
  refunded: cents,
  /** max(0, total − credited − paid). */
  balance: cents,
  /** Money paid beyond what is now owed and not yet refunded, max(0, paid − refunded − (total − credited)): the back office refunds it. */
  owedBack: cents,
});
export type JobAmounts = z.input<typeof jobAmountsSchema>;
