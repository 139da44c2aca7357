// The one way the browser talks JSON to the server (docs/product.md §7, §8). It imports nothing, so
// the contact form can use it without bringing anything else into the home page.

/**
 * What a request came back with, read once. An OK answer gives its JSON body (undefined when empty).
 * A failure gives the status (null when no answer came: offline, blocked, aborted), the JSON body
 * (undefined when there was none or it was not JSON), the server's `message`, and the generic text
 * "status: body text" (docs/product.md §8).
 */
export type Answer<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number | null; body: unknown; message: string | undefined; generic: string };

/** A request that failed: `status` as in Answer; the message is meant for people when the caller gave a fallback. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Whether a page's record is not there for this person: a 404, or a 400 for an id the server refuses (a page's address is typed by hand). */
export const isMissingRecord = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);

interface SendOptions {
  /** Sent as JSON with its content type; without one the request has no body. */
  body?: unknown;
  signal?: AbortSignal;
  /** Gives up (a failure without an answer) after this long. */
  timeoutMs?: number;
}

interface RequestOptions extends Omit<SendOptions, "body"> {
  /** What the error says when the server gives no message; without it, the generic "status: body text". */
  fallback?: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message) return body.message;
  return undefined;
}

/** Reads an answer from its status line and body text: shared by fetch and the uploads' XMLHttpRequest. */
export function readAnswer<T>(status: number, statusText: string, text: string): Answer<T> {
  const body = parseJson(text);
  const ok = status >= 200 && status < 300;
  // An OK answer must be JSON, or empty; an HTML page where JSON was due is a failure.
  if (ok && (text === "" || body !== undefined)) return { ok, status, data: body as T };
  return { ok: false, status, body, message: messageOf(body), generic: `${status}: ${text || statusText}` };
}

/** The failure of a request that got no answer. */
export function noAnswer(reason: string): Answer<never> {
  return { ok: false, status: null, body: undefined, message: undefined, generic: reason };
}

/** The caller's signal, or one that also aborts after timeoutMs; `done` stops the clock. */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number | undefined): { signal: AbortSignal | undefined; done: () => void } {
  if (timeoutMs === undefined) return { signal, done: () => {} };
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  signal?.addEventListener("abort", abort);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
    },
  };
}

/**
 * Sends a request with the session cookie and reads its answer; never throws for a failed request.
 * For callers that tell failures apart (the forms that show the server's own message).
 */
export async function send<T>(method: string, url: string, { body, signal, timeoutMs }: SendOptions = {}): Promise<Answer<T>> {
  const limit = withTimeout(signal, timeoutMs);
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "include",
      signal: limit.signal,
    });
    return readAnswer<T>(res.status, res.statusText, await res.text());
  } catch (error) {
    return noAnswer(error instanceof Error ? error.message : String(error));
  } finally {
    limit.done();
  }
}

/** The data of an OK answer; else an ApiError saying the server's message or the fallback, or without a fallback the generic text. */
export function dataOf<T>(answer: Answer<T>, fallback?: string): T {
  if (answer.ok) return answer.data;
  throw new ApiError(fallback === undefined ? answer.generic : (answer.message ?? fallback), answer.status);
}

/** Sends a request with the session cookie and resolves to the JSON body of its OK answer; any failure throws an ApiError (see dataOf). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return dataOf(await send<T>(method, url, { ...options, body }), options.fallback);
}
