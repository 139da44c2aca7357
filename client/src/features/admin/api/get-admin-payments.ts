import type { AdminPayment } from "@common/contract/payments";
import { adminPaymentKeys } from "@/api/payments";
import { useListQuery } from "@/lib/list-query";

/** GET /api/admin/payments: any customer's payment, with who made it. */
export function useAdminPayments() {
  return useListQuery<AdminPayment>(adminPaymentKeys.all);
}
