// Component tests render a screen as the app does (its query client, a router, the toasts) and
// answer its requests at the fetch level, so they hold whatever the api modules look like inside.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { onTestFinished, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/query-client";
import { dismissToast, getToasts } from "@/lib/use-toast";

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
  // Test files share a worker: the real fetch is back before the next test runs.
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? "GET";
    sent.push({ method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new Error(`No answer for ${method} ${url}`);
    const { status, body } = typeof answer === "function" ? answer() : answer;
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return sent;
}

/** Renders the screen at `path` inside the app's providers, with the toast viewport beside it. */
export function renderScreen(screen: ReactNode, path = "/") {
  onTestFinished(() => {
    cleanup();
    // The toast store outlives a render; the next test starts with none on screen.
    for (const shown of getToasts()) dismissToast(shown.id);
  });
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {screen}
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, location };
}
