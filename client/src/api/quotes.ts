import type { Quote } from "@common/contract/quotes";
import { useListQuery } from "@/lib/list-query";

/** GET /api/quotes: the customer's requests, which a new request or a payment changes. */
export const quoteKeys = { all: ["/api/quotes"] as const };

const ADMIN_QUOTES = ["/api/admin/quotes"] as const;

/** Every page and count of the back office's quotes: a decision or an estimate invalidates them all. */
export const adminQuoteKeys = {
  all: ADMIN_QUOTES,
  page: (filters: object) => [...ADMIN_QUOTES, filters] as const,
};

/** GET /api/quotes: the signed-in customer's own quote requests. */
export function useQuotes() {
  return useListQuery<Quote>(quoteKeys.all);
}
