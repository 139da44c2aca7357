import { useQuery } from "@tanstack/react-query";
import type { QuoteStatus } from "@common/quotes";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/admin/quotes: every customer's quote request with its customer. */
export interface AdminQuoteRow {
  id: number;
  userId: number;
  customerName: string;
  customerEmail: string;
  contactSubmissionId: number | null;
  serviceType: string;
  description: string;
  budget: string | null;
  timeline: string | null;
  status: QuoteStatus;
  /** Set when an admin accepts the quote with a price, in cents. */
  price: number | null;
  /** The customer has paid the price through checkout. */
  paid: boolean;
  createdAt: string;
  updatedAt: string;
}

export const ADMIN_QUOTES_QUERY_KEY = ["/api/admin/quotes"] as const;

export function useAdminQuotes() {
  return useQuery<ListResponse<AdminQuoteRow>, Error, AdminQuoteRow[]>({ queryKey: ADMIN_QUOTES_QUERY_KEY, select: selectData });
}
