import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreditNote, Invoice } from "@common/contract/invoices";
import type { CreateCreditNoteInput, CreateInvoiceInput, OfflinePaymentInput } from "@common/invoices";
import { type Answer, send } from "@/lib/api";
import { estimateKeys } from "@/api/estimates";
import { invoiceKeys } from "@/api/invoices";
import { adminJobKeys } from "@/api/jobs";
import { adminPaymentKeys } from "@/api/payments";

/** An invoice write's answer as its form reads it: the invoice as it now stands, or the refusal and its field errors. */
export type InvoiceWriteAnswer = Answer<{ success: true; data: Invoice }>;

/** A write of money reloads every view of it: the job's invoices and estimates (the deposit), the payments, the job. */
function useBillingWrite<Input, Written>(write: (input: Input) => Promise<Written>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all([invoiceKeys.all, estimateKeys.all, adminPaymentKeys.all, adminJobKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** POST /api/admin/invoices: the job's final invoice from its accepted estimate, with any extra lines and adjustments, less what was paid. */
export function useIssueInvoice() {
  return useBillingWrite((body: CreateInvoiceInput): Promise<InvoiceWriteAnswer> => send("POST", "/api/admin/invoices", { body }));
}

/** POST /api/admin/invoices/{id}/credit-notes: part or all of the invoice credited; the credit note and the invoice as it now stands. */
export function useIssueCreditNote(invoiceId: number) {
  return useBillingWrite((body: CreateCreditNoteInput): Promise<Answer<{ success: true; data: { creditNote: CreditNote; invoice: Invoice } }>> =>
    send("POST", `/api/admin/invoices/${invoiceId}/credit-notes`, { body }),
  );
}

/** POST /api/admin/invoices/{id}/payments: money received by bank transfer, cheque or cash. */
export function useRecordPayment(invoiceId: number) {
  return useBillingWrite((body: OfflinePaymentInput): Promise<InvoiceWriteAnswer> => send("POST", `/api/admin/invoices/${invoiceId}/payments`, { body }));
}
