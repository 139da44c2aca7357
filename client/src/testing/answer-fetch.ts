// Tests answer the client's requests at the fetch level, so they hold whatever the api modules
// look like inside.
import { onTestFinished, vi } from "vitest";

/** Puts `fetch` in place of the real one for the running test only: test files share a worker. */
function stubFetch<F extends typeof globalThis.fetch>(fetch: F): F {
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const json = (status: number, body: string | null) => new Response(body, { status, headers: { "Content-Type": "application/json" } });

/** A request the screen sent, its JSON body parsed. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | (() => { status: number; body?: unknown });

/**
 * Answers "METHOD /path" with the given status and JSON body (a function is asked afresh on each
 * request); anything else fails the test. Returns the requests sent, in order.
 */
export function answerRequests(answers: Record<string, Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  stubFetch(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? "GET";
    sent.push({ method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new Error(`No answer for ${method} ${url}`);
    const { status, body } = typeof answer === "function" ? answer() : answer;
    return json(status, body === undefined ? null : JSON.stringify(body));
  });
  return sent;
}

/** Answers every request with this status and body; the mock records the calls. */
export function answerEveryRequest(status: number, body: string) {
  return stubFetch(vi.fn(async () => json(status, body)));
}
