// Component tests render a screen as the app does: its query client, a router, the toasts.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { onTestFinished } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/query-client";
import { dismissToast, getToasts } from "@/lib/use-toast";

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
  /** Where the screen has navigated to (the address it started at until it moves). */
  const currentPath = () => location.history.at(-1);
  /** Every history entry, oldest first: a navigation that replaces its entry adds none. */
  const historyEntries = () => [...location.history];
  return { user, currentPath, historyEntries };
}
