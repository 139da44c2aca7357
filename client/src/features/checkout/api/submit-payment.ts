import { apiRequest } from "@/lib/api";
import { PAYMENT_UNCONFIRMED } from "./confirm-demo-payment";

/**
 * POST /api/payments/:id/submit, right before the browser confirms with Stripe: the attempt now
 * shows in the customer's payments, and one that can no longer be paid (already paid, cancelled,
 * its quote paid elsewhere) is refused, in the server's words, before any card is sent.
 */
export async function submitPayment(paymentId: number): Promise<void> {
  await apiRequest("POST", `/api/payments/${paymentId}/submit`, undefined, { fallback: PAYMENT_UNCONFIRMED });
}
