import type { DemoCard } from "@common/payments";
import type { ErrorResponse } from "@common/contract/wire";
import { send } from "@/lib/api";

export const PAYMENT_UNCONFIRMED = "The payment could not be completed. Please try again.";

/** A declined or refused confirmation: the provider's message, and per-field messages when the card was malformed. */
export class PaymentDeclinedError extends Error {
  override name = "PaymentDeclinedError";
  constructor(
    message: string,
    readonly fields: Partial<Record<keyof DemoCard, string>> = {},
  ) {
    super(message);
  }
}

/**
 * POST /api/demo-payments/confirm: the demo provider plays Stripe's part and settles the
 * payment. Resolves when it succeeded; a decline (402) rejects with the provider's message.
 */
export async function confirmDemoPayment(clientSecret: string, card: DemoCard): Promise<void> {
  const answer = await send("POST", "/api/demo-payments/confirm", { body: { clientSecret, ...card } });
  if (answer.ok) return;
  const { cardNumber, expiry, cvc } = (answer.body as Partial<ErrorResponse> | undefined)?.errors ?? {};
  throw new PaymentDeclinedError(answer.message ?? PAYMENT_UNCONFIRMED, { cardNumber, expiry, cvc });
}
