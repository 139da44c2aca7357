import { z } from "zod";
import { PAYMENT_PROVIDERS } from "../payments";
import { paymentIntentSchema } from "./payments";
import { id, isoDate, listOf, successMessageOf } from "./wire";

/** A subscription as its customer sees it. */
const subscriptionSchema = z.object({
  id,
  serviceId: id,
  serviceName: z.string(),
  /** The provider's status, as given (Stripe: active, past_due, canceled, …). */
  status: z.string(),
  /** When the current period ends (and renews), if known. */
  currentPeriodEnd: isoDate.nullable(),
  /** Cancelled by the customer: it ends, rather than renews, at currentPeriodEnd. */
  cancelAtPeriodEnd: z.boolean(),
  /** Who manages it: Stripe's Customer Portal, or the demo provider's dialog. */
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type Subscription = z.input<typeof subscriptionSchema>;

/** GET /api/subscriptions. */
export const subscriptionListSchema = listOf(subscriptionSchema);

/** POST /api/subscriptions: the first payment to confirm at checkout. */
export const subscriptionStartedSchema = paymentIntentSchema.extend({ subscriptionId: id });

/** PATCH /api/subscriptions/:id. */
export const subscriptionUpdatedSchema = successMessageOf(subscriptionSchema);
export type SubscriptionUpdated = z.input<typeof subscriptionUpdatedSchema>;

/** POST /api/billing-portal: where the browser goes next. */
export const billingPortalSchema = z.object({ url: z.string() });
export type BillingPortal = z.input<typeof billingPortalSchema>;
