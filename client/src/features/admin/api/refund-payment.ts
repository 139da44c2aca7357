import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RefundInput } from "@common/invoices";
import type { Refund } from "@common/contract/invoices";
import { type Answer, send } from "@/lib/api";
import { invoiceKeys } from "@/api/invoices";
import { adminPaymentKeys } from "@/api/payments";

/** The refund's answer as its form reads it: the refund and the payment's refunded total, or the refusal and its field errors. */
export type RefundAnswer = Answer<{ success: true; data: Refund & { paymentId: number; refundedAmount: number } }>;

/** POST /api/admin/payments/{id}/refund: all or part of a card payment; the payments and invoices reload (an invoice shows its refunds). */
export function useRefundPayment(paymentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundInput): Promise<RefundAnswer> => send("POST", `/api/admin/payments/${paymentId}/refund`, { body }),
    onSettled: () => Promise.all([adminPaymentKeys.all, invoiceKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
