import { readServerMessage } from "@/lib/api";
import { PAYMENT_UNCONFIRMED } from "./confirm-demo-payment";

/** The server would not let this attempt be paid (already paid, cancelled, its quote paid elsewhere), in its words. */
export class PaymentRefusedError extends Error {
  override name = "PaymentRefusedError";
}

/**
 * POST /api/payments/:id/submit, right before the browser confirms with Stripe: the attempt now
 * shows in the customer's payments, and one that can no longer be paid is refused before any
 * card is sent.
 */
export async function submitPayment(paymentId: number): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/payments/${paymentId}/submit`, { method: "POST", credentials: "include" });
  } catch {
    throw new PaymentRefusedError(PAYMENT_UNCONFIRMED);
  }
  if (!res.ok) throw new PaymentRefusedError((await readServerMessage(res)) ?? PAYMENT_UNCONFIRMED);
}
