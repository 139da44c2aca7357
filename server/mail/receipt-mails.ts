import type { BillingRouteOptions } from "../billing/settings";

/**
 * Mails a succeeded payment's receipt (its PDF attached) to its customer, once however often it is
 * called (keyed by the payment). Call it after the payment's transaction committed: from the demo
 * confirmation, the Stripe webhook and an admin's offline payment.
 */
export async function mailReceipt(_deps: Pick<BillingRouteOptions, "db" | "queue" | "billing">, _paymentId: number): Promise<void> {
  // Written by the payments work (issue 16): until then no receipt is mailed.
}
