import type { DemoCard } from "@common/payments";
import type { FieldErrors } from "@common/validation";

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

function readErrorBody(body: unknown): { message?: string; errors?: FieldErrors } {
  if (!body || typeof body !== "object") return {};
  const message = "message" in body && typeof body.message === "string" ? body.message : undefined;
  const errors = "errors" in body && body.errors && typeof body.errors === "object" ? (body.errors as FieldErrors) : undefined;
  return { message, errors };
}

/**
 * POST /api/demo-payments/confirm: the demo provider plays Stripe's part and settles the
 * payment. Resolves when it succeeded; a decline (402) rejects with the provider's message.
 */
export async function confirmDemoPayment(clientSecret: string, card: DemoCard): Promise<void> {
  let res: Response;
  try {
    res = await fetch("/api/demo-payments/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ clientSecret, ...card }),
      credentials: "include",
    });
  } catch {
    throw new PaymentDeclinedError(PAYMENT_UNCONFIRMED);
  }
  if (res.ok) return;
  const { message, errors } = readErrorBody(await res.json().catch(() => undefined));
  const { cardNumber, expiry, cvc } = errors ?? {};
  throw new PaymentDeclinedError(message ?? PAYMENT_UNCONFIRMED, { cardNumber, expiry, cvc });
}
