import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { createQueryClient } from "./query-client";

// One cache for the whole visit, shared by every screen that fetches: the user a login stored is
// known on /dashboard, and a page opened again shows its data while it refreshes.
const queryClient = createQueryClient();

/**
 * A screen's read started before React renders it (app/screen.ts `prepare`), into the cache its
 * queries then read: the same request, not a second one.
 */
export const fetchForScreen: QueryClient["fetchQuery"] = (options) => queryClient.fetchQuery(options);

/**
 * Gives a screen TanStack Query. Only screens that fetch are wrapped, so the marketing pages
 * (the first visit of most people) load none of it.
 */
export function withQueries<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `withQueries(${Page.displayName ?? Page.name})`;
  return WithQueries;
}
