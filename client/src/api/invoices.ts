import { useQuery } from "@tanstack/react-query";
import type { Invoice } from "@common/contract/invoices";
import type { ListResponse } from "@common/contract/wire";
import type { InvoiceStatus } from "@common/invoices";
import { checkoutHref } from "@common/checkout";
import { dataOf, send } from "@/lib/api";
import { useListQuery } from "@/lib/list-query";
import { STATUS_TONES } from "@/lib/status-tones";

const INVOICES = ["/api/invoices"] as const;

/** Every invoice query (the customer's list, which is `all`, and a job's): a payment or a refund invalidates them all. */
export const invoiceKeys = {
  all: INVOICES,
  job: (jobId: number) => [...INVOICES, "job", jobId] as const,
};

/** GET /api/invoices: the signed-in customer's invoices, newest first. */
export function useInvoices() {
  return useListQuery<Invoice>(invoiceKeys.all);
}

/** GET /api/invoices?jobId=: one job's invoices, newest first. */
export function useJobInvoices(jobId: number) {
  return useQuery({
    queryKey: invoiceKeys.job(jobId),
    queryFn: async ({ signal }) => dataOf(await send<ListResponse<Invoice>>("GET", `${INVOICES[0]}?jobId=${jobId}`, { signal })),
    select: (answer) => answer.data,
  });
}

/** An open invoice with money left to pay: the one the customer may pay by card. */
export const isPayable = (invoice: Pick<Invoice, "status" | "balance">): boolean => invoice.status === "open" && invoice.balance > 0;

/** The checkout of an invoice's balance: the server charges the balance it holds, whatever the address says. */
export function invoiceCheckoutHref(invoice: Pick<Invoice, "id" | "number">): string {
  return checkoutHref({ service: `Invoice ${invoice.number}`, amount: 0, invoiceId: invoice.id });
}

interface InvoiceStatusView {
  label: string;
  className: string;
}

const views: Record<InvoiceStatus, InvoiceStatusView> = {
  open: { label: "Open", className: STATUS_TONES.waiting },
  paid: { label: "Paid", className: STATUS_TONES.good },
  void: { label: "Void", className: STATUS_TONES.quiet },
};

/** How an invoice's state reads to the customer and the back office: an open one past its due date is Overdue. */
export function invoiceStatusView(invoice: Pick<Invoice, "status" | "overdue">): InvoiceStatusView {
  if (invoice.status === "open" && invoice.overdue) return { label: "Overdue", className: STATUS_TONES.bad };
  return views[invoice.status];
}
