import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PriceListItem } from "@common/contract/price-list";
import type { ListResponse } from "@common/contract/wire";
import { apiRequest } from "@/lib/api";

const PRICE_LIST = ["/api/admin/price-list"] as const;

/** What a list of the price list asks for: archived items too or not, and words of the description or unit (empty: any). */
export interface PriceListFilters {
  archived: boolean;
  q: string;
}

/** The price list's queries, the back office's screen and the estimate builder's search alike: any write reloads them all. */
export const priceListKeys = {
  all: PRICE_LIST,
  list: (filters: PriceListFilters) => [...PRICE_LIST, filters] as const,
};

function priceListUrl({ archived, q }: PriceListFilters): string {
  const params = new URLSearchParams({ ...(archived ? { archived: "true" } : {}), ...(q ? { q } : {}) });
  const query = params.toString();
  return query ? `${PRICE_LIST[0]}?${query}` : PRICE_LIST[0];
}

/**
 * GET /api/admin/price-list?archived=&q=: the items by description, the last list kept on screen
 * while the next search loads. `enabled` waits until someone asks for it (the builder's search).
 */
export function usePriceList(filters: PriceListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: priceListKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<PriceListItem>>("GET", priceListUrl(filters), undefined, { signal, fallback: "Failed to load the price list" }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
