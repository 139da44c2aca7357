import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";
import type { PaymentRow } from "@/lib/payments";

export const PAYMENTS_QUERY_KEY = ["/api/payments"] as const;

/** GET /api/payments: the signed-in customer's payments, newest first. */
export function usePayments() {
  return useQuery<ListResponse<PaymentRow>, Error, PaymentRow[]>({ queryKey: PAYMENTS_QUERY_KEY, select: selectData });
}
