import { z } from "zod";
import { PAYMENT_METHODS } from "../payment-methods";
import { PAYMENT_PROVIDERS, PAYMENT_RECORD_PROVIDERS, PAYMENT_STATUSES } from "../payments";
import { id, isoDate, listOf, successOf } from "./wire";

/** What the browser needs to show and confirm a payment; the amount is the server's, in dollars. */
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  paymentId: id,
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key; null with the demo provider. */
  publishableKey: z.string().nullable(),
  service: z.string(),
  amount: z.number(),
});
export type PaymentIntent = z.input<typeof paymentIntentSchema>;

/** A payment as its customer lists it. */
export const paymentSchema = z.object({
  id,
  description: z.string(),
  /** In cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** The provider's decline message, for a failed payment. */
  failureMessage: z.string().nullable(),
  serviceId: id.nullable(),
  quoteId: id.nullable(),
  subscriptionId: id.nullable(),
  /** The estimate whose deposit it pays, or the invoice whose balance it pays. */
  estimateId: id.nullable(),
  invoiceId: id.nullable(),
  /** The job it pays for: its estimate's, its invoice's or its quote's (docs/decisions/0047-a-jobs-amounts.md); null for a service or a subscription. */
  jobId: id.nullable(),
  /** stripe or demo for a card; offline for money an admin recorded. */
  provider: z.enum(PAYMENT_RECORD_PROVIDERS),
  method: z.enum(PAYMENT_METHODS),
  /** In cents: what refunds gave back (not counting refused ones); 0 when none. */
  refundedAmount: z.number().int(),
  /** The provider's id, which /payment-success receives back in its address. */
  reference: z.string(),
  createdAt: isoDate,
});
export type Payment = z.input<typeof paymentSchema>;

/** A payment as the admins list it: with its customer. */
const adminPaymentSchema = paymentSchema.extend({
  userId: id,
  /** The customer's username. */
  customerName: z.string(),
  customerEmail: z.string(),
});
export type AdminPayment = z.input<typeof adminPaymentSchema>;

/** GET /api/payments. */
export const paymentListSchema = listOf(paymentSchema);

/** GET /api/admin/payments. */
export const adminPaymentListSchema = listOf(adminPaymentSchema);

/** POST /api/payments/:id/submit and POST /api/demo-payments/confirm: the payment and its state. */
export const paymentStateSchema = successOf(z.object({ id, status: z.enum(PAYMENT_STATUSES) }));

/** POST /api/stripe/webhook: whether the event was new. */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
