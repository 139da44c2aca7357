import type { Quote } from "@common/contract/quotes";
import { useListQuery } from "@/lib/list-query";

export const QUOTES_QUERY_KEY = ["/api/quotes"] as const;

/** GET /api/quotes: the signed-in customer's own quote requests. */
export function useQuotes() {
  return useListQuery<Quote>(QUOTES_QUERY_KEY);
}
