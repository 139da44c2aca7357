import { readServerMessage } from "@/lib/api";

/** An answer read for a form: the parsed body when OK, else the status (null when offline) and the server's message. */
export type JsonResult<T> = { ok: true; data: T } | { ok: false; status: number | null; message: string | undefined };

/**
 * POSTs JSON with the session cookie. Unlike apiRequest it never throws: the auth screens show the
 * JSON `message` of an error answer (SPEC §8), not apiRequest's "status: body" text.
 */
export async function sendJson<T>(url: string, payload: unknown, parse: (body: unknown) => T): Promise<JsonResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      credentials: "include",
    });
  } catch {
    return { ok: false, status: null, message: undefined };
  }
  if (!res.ok) return { ok: false, status: res.status, message: await readServerMessage(res) };
  try {
    return { ok: true, data: parse(await res.json()) };
  } catch {
    return { ok: false, status: res.status, message: undefined };
  }
}
