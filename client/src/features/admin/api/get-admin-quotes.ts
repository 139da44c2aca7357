import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PageResponse } from "@common/contract/pagination";
import type { AdminQuote } from "@common/contract/quotes";
import type { QuoteStatus } from "@common/quote-statuses";
import { adminQuoteKeys } from "@/api/quotes";
import { apiRequest } from "@/lib/api";

/** One page of GET /api/admin/quotes: the statuses listed, words searched for (empty: any), the page from 1 and its size. */
export interface QuotePageFilters {
  statuses: readonly QuoteStatus[];
  q: string;
  page: number;
  pageSize: number;
}

function quotesUrl({ statuses, q, page, pageSize }: QuotePageFilters): string {
  const params = new URLSearchParams({ status: statuses.join(","), ...(q ? { q } : {}), page: String(page), pageSize: String(pageSize) });
  return `${adminQuoteKeys.all[0]}?${params.toString()}`;
}

/** GET /api/admin/quotes?status=&q=&page=&pageSize=: one page of quote requests with their customer and the total matching; the last page stays on screen while the next loads. */
export function useAdminQuotePage(filters: QuotePageFilters) {
  return useQuery({
    queryKey: adminQuoteKeys.page(filters),
    queryFn: ({ signal }) => apiRequest<PageResponse<AdminQuote>>("GET", quotesUrl(filters), undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many quotes have these statuses (its `data.total`): a tab's count badge, asked of the server as a page of one. */
export function useQuoteCount(statuses: readonly QuoteStatus[]) {
  return useAdminQuotePage({ statuses, q: "", page: 1, pageSize: 1 });
}
