import type { AdminPayment } from "@common/contract/payments";
import { useListQuery } from "@/lib/list-query";

export const ADMIN_PAYMENTS_QUERY_KEY = ["/api/admin/payments"] as const;

/** GET /api/admin/payments: any customer's payment, with who made it. */
export function useAdminPayments() {
  return useListQuery<AdminPayment>(ADMIN_PAYMENTS_QUERY_KEY);
}
