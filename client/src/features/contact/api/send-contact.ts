import type { ContactRequest } from "@common/contact";
import { send } from "@/lib/api";

const CONTACT_FALLBACK_ERROR = "There was a problem submitting your message. Please try again.";
const CONTACT_NETWORK_ERROR = "There was a problem connecting to the server. Please try again later.";

export type SendContactResult = { ok: true } | { ok: false; message: string };

/** POST /api/contact, read the way docs/product.md §8 describes: server message, fallback, or network failure. */
export async function sendContact(payload: ContactRequest): Promise<SendContactResult> {
  const answer = await send("POST", "/api/contact", { body: payload });
  if (answer.ok) return { ok: true };
  // No answer, or one that is not JSON: the server was not reached as it should have been.
  if (answer.body === undefined) return { ok: false, message: CONTACT_NETWORK_ERROR };
  return { ok: false, message: answer.message ?? CONTACT_FALLBACK_ERROR };
}
