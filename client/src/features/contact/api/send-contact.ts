import type { ContactRequest } from "@common/contact";

export const CONTACT_FALLBACK_ERROR = "There was a problem submitting your message. Please try again.";
export const CONTACT_NETWORK_ERROR = "There was a problem connecting to the server. Please try again later.";

export type SendContactResult = { ok: true } | { ok: false; message: string };

/** POST /api/contact, read the way SPEC §8 describes: server message, fallback, or network failure. */
export async function sendContact(payload: ContactRequest): Promise<SendContactResult> {
  try {
    const res = await fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      credentials: "include",
    });
    const body = (await res.json()) as { message?: unknown };
    if (!res.ok) return { ok: false, message: typeof body.message === "string" && body.message ? body.message : CONTACT_FALLBACK_ERROR };
    return { ok: true };
  } catch {
    return { ok: false, message: CONTACT_NETWORK_ERROR };
  }
}
