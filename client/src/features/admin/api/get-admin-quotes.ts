import { useQuery } from "@tanstack/react-query";
import type { QuoteRequestRow } from "@/lib/quotes";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/admin/quotes: a quote as its customer sees it, plus who the customer is. */
export interface AdminQuoteRow extends QuoteRequestRow {
  userId: number;
  customerName: string;
  customerEmail: string;
  contactSubmissionId: number | null;
  updatedAt: string;
}

export const ADMIN_QUOTES_QUERY_KEY = ["/api/admin/quotes"] as const;

export function useAdminQuotes() {
  return useQuery<ListResponse<AdminQuoteRow>, Error, AdminQuoteRow[]>({ queryKey: ADMIN_QUOTES_QUERY_KEY, select: selectData });
}
