import type { AdminQuote } from "@common/contract/quotes";
import { useListQuery } from "@/lib/list-query";

export const ADMIN_QUOTES_QUERY_KEY = ["/api/admin/quotes"] as const;

/** GET /api/admin/quotes: every quote request, with its customer. */
export function useAdminQuotes() {
  return useListQuery<AdminQuote>(ADMIN_QUOTES_QUERY_KEY);
}
