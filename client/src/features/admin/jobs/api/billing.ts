import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Invoice } from "@common/contract/invoices";
import type { CreateInvoiceInput, OfflinePaymentInput } from "@common/invoices";
import { type Answer, send } from "@/lib/api";
import { ESTIMATES_QUERY_KEY } from "@/api/estimates";
import { INVOICES_QUERY_KEY } from "@/api/invoices";
import { ADMIN_PAYMENTS_QUERY_KEY } from "../../api/get-admin-payments";
import { ADMIN_JOBS_QUERY_KEY } from "./get-admin-jobs";

/** An invoice write's answer as its form reads it: the invoice as it now stands, or the refusal and its field errors. */
export type InvoiceWriteAnswer = Answer<{ success: true; data: Invoice }>;

/** A write of money reloads every view of it: the job's invoices and estimates (the deposit), the payments, the job. */
function useBillingWrite<Input>(write: (input: Input) => Promise<InvoiceWriteAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all(
        [INVOICES_QUERY_KEY, ESTIMATES_QUERY_KEY, ADMIN_PAYMENTS_QUERY_KEY, ADMIN_JOBS_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** POST /api/admin/invoices: the job's final invoice from its accepted estimate, less what was paid. */
export function useIssueInvoice() {
  return useBillingWrite((body: CreateInvoiceInput) => send("POST", "/api/admin/invoices", { body }));
}

/** POST /api/admin/invoices/{id}/payments: money received by bank transfer, cheque or cash. */
export function useRecordPayment(invoiceId: number) {
  return useBillingWrite((body: OfflinePaymentInput) => send("POST", `/api/admin/invoices/${invoiceId}/payments`, { body }));
}
