import type { RefundStatus } from "@common/invoices";
import type { PaymentProviderKind } from "@common/payments";
import type { BillingDeps, BillingSource } from "../billing/settings";
import type { Service } from "../db/schema";

/** Who pays: enough for the provider to make its customer record once. */
interface PayingCustomer {
  userId: number;
  email: string;
  name: string;
  /** Known from an earlier payment, else null. */
  providerCustomerId: string | null;
}

interface StartedPayment {
  /** Stripe `pi_…` or `in_…`; the demo provider's own id. */
  providerPaymentId: string;
  clientSecret: string;
}

/** Where a started payment stands at the provider: open means the customer can still pay it. */
export type AttemptState = "open" | "processing" | "succeeded" | "canceled";

interface ResumedPayment {
  clientSecret: string;
  state: AttemptState;
}

export interface SubscriptionState {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A refund as the provider took it: Stripe's `re_…` and where it stands (pending until the card network settles it). */
interface StartedRefund {
  providerRefundId: string;
  status: RefundStatus;
}

interface StartedSubscription extends StartedPayment, SubscriptionState {
  providerSubscriptionId: string;
}

/**
 * The card payment provider behind checkout and subscriptions (docs/architecture.md §1): Stripe, or the
 * offline demo. Amounts are in cents and always decided by the caller from the database.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Handed to the browser with each client secret; null for the demo. */
  readonly publishableKey: string | null;
  ensureCustomer(customer: PayingCustomer): Promise<string>;
  createPayment(input: {
    customerId: string;
    amount: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<StartedPayment>;
  /**
   * An attempt started earlier, handed back to a second tab or a later visit: its client secret
   * (we keep only a hash) and whether it can still be paid.
   */
  resumePayment(providerPaymentId: string): Promise<ResumedPayment>;
  /** Cancels an attempt that was replaced, so nobody can pay it any more. */
  cancelPayment(providerPaymentId: string): Promise<void>;
  /**
   * Gives back `amount` cents of a succeeded payment. The idempotency key makes a retried request
   * (a timeout, our transaction failing after the provider answered) the same refund, not a second.
   */
  refundPayment(input: { providerPaymentId: string; amount: number; idempotencyKey: string }): Promise<StartedRefund>;
  /** A monthly subscription whose first invoice waits for the customer's card. */
  createSubscription(input: { customerId: string; service: Service; metadata: Record<string, string> }): Promise<StartedSubscription>;
  /** Cancel at the end of the period, or resume. Null: the provider keeps no state (demo), apply it locally. */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionState | null>;
  /** Drops a subscription that was never paid, when the customer starts over. */
  abandonSubscription(providerSubscriptionId: string): Promise<void>;
  /** The provider's own billing page (Stripe's Customer Portal); null when it has none. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string | null>;
}

/** What the estimate, invoice and refund routes are registered with: billing's needs and the card provider, for refunds (null when payments are not configured). */
export interface BillingRouteOptions extends Omit<BillingDeps, "billing"> {
  /** Each request reads the settings in effect once, and works with that answer. */
  billing: BillingSource;
  provider: PaymentProvider | null;
}
