import { useQuery } from "@tanstack/react-query";
import type { QuoteStatus } from "@common/quotes";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/quotes: the signed-in customer's own quote requests. */
export interface QuoteRequestRow {
  id: number;
  serviceType: string;
  description: string;
  budget: string | null;
  timeline: string | null;
  status: QuoteStatus;
  /** Set by an admin once the quote is priced, in cents. */
  price: number | null;
  /** Paid through checkout: the Pay button gives way to "Paid". */
  paid: boolean;
  createdAt: string;
}

export const QUOTES_QUERY_KEY = ["/api/quotes"] as const;

/** GET /api/quotes through the default query function (cookie credentials, 401 is an error). */
export function useQuotes() {
  return useQuery<ListResponse<QuoteRequestRow>, Error, QuoteRequestRow[]>({ queryKey: QUOTES_QUERY_KEY, select: selectData });
}
