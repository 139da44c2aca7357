import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";
import type { PaymentRow } from "@/lib/payments";

/** One row of GET /api/admin/payments: any customer's payment, with who made it. */
export interface AdminPaymentRow extends PaymentRow {
  userId: number;
  /** The customer's username. */
  customerName: string;
  customerEmail: string;
}

export const ADMIN_PAYMENTS_QUERY_KEY = ["/api/admin/payments"] as const;

export function useAdminPayments() {
  return useQuery<ListResponse<AdminPaymentRow>, Error, AdminPaymentRow[]>({ queryKey: ADMIN_PAYMENTS_QUERY_KEY, select: selectData });
}
