import { CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Invoice } from "@common/contract/invoices";
import { formatMoney } from "@common/money";
import { formatDay } from "@/lib/format";
import { invoiceCheckoutHref, invoiceStatusView, isPayable } from "@/api/invoices";
import { buttonVariants } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { PdfLink } from "@/components/ui/pdf-link";
import { CreditNotesList } from "./credit-notes-list";

const money = (invoice: Invoice, cents: number) => formatMoney(cents, invoice.currency.toUpperCase());

/** An invoice's state in its colour: Open, Overdue, Paid or Void. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, "status" | "overdue"> }) {
  const view = invoiceStatusView(invoice);
  return <Badge className={view.className}>{view.label}</Badge>;
}

/** Pay an open invoice's balance by card: checkout charges the balance the server holds. Its number completes the name for screen readers (an aria-label, so the page's text holds the number once). */
function PayInvoiceLink({ invoice }: { invoice: Invoice }) {
  const label = `Pay ${money(invoice, invoice.balance)}`;
  return (
    <Link href={invoiceCheckoutHref(invoice)} aria-label={`${label} of invoice ${invoice.number}`} className={buttonVariants({ size: "sm" })}>
      <CreditCard aria-hidden />
      {label}
    </Link>
  );
}

const amountCell = "whitespace-nowrap font-mono tabular-nums";

// A phone keeps the number, the balance and the actions: the due date and the state move under the number, total and paid go.
const columnsWith = (jobOf: (invoice: Invoice) => ReactNode): readonly TableColumn<Invoice>[] => [
  {
    header: "Invoice",
    rowHeader: true,
    cell: (invoice) => (
      <>
        <span className="font-mono">{invoice.number}</span>
        <span className="block font-normal">{jobOf(invoice)}</span>
        <span className="mt-1 block font-normal text-muted-foreground sm:hidden">Due {formatDay(invoice.dueDate)}</span>
        <span className="mt-1 block sm:hidden">
          <InvoiceStatusBadge invoice={invoice} />
        </span>
      </>
    ),
  },
  { header: "Due", className: "max-sm:hidden", cellClassName: "whitespace-nowrap text-muted-foreground", cell: (invoice) => formatDay(invoice.dueDate) },
  { header: "Total", className: "text-right max-md:hidden", cellClassName: amountCell, cell: (invoice) => money(invoice, invoice.total) },
  {
    header: "Credited",
    className: "text-right max-md:hidden",
    cellClassName: amountCell,
    cell: (invoice) => (invoice.credited > 0 ? `−${money(invoice, invoice.credited)}` : money(invoice, 0)),
  },
  { header: "Paid", className: "text-right max-md:hidden", cellClassName: amountCell, cell: (invoice) => money(invoice, invoice.paid) },
  {
    header: "Balance",
    className: "text-right",
    cellClassName: amountCell,
    cell: (invoice) => (
      <>
        {money(invoice, invoice.balance)}
        {invoice.owedBack > 0 ? <span className="block font-sans text-muted-foreground">{money(invoice, invoice.owedBack)} owed to you</span> : null}
      </>
    ),
  },
  { header: "Status", className: "max-sm:hidden", cell: (invoice) => <InvoiceStatusBadge invoice={invoice} /> },
  {
    header: "Actions",
    cell: (invoice) => (
      <div className="flex flex-col items-start gap-2 lg:flex-row">
        {isPayable(invoice) ? <PayInvoiceLink invoice={invoice} /> : null}
        <PdfLink href={`/api/invoices/${invoice.id}/pdf`} what={`invoice ${invoice.number}`} />
      </div>
    ),
  },
];

const noJob = () => null;

interface CustomerInvoicesTableProps {
  rows: readonly Invoice[];
  caption: string;
  /** The job an invoice belongs to, under its number. */
  jobOf?: (invoice: Invoice) => ReactNode;
}

/** A customer's invoices: number, due date, total, credited, paid, balance and state, with Pay while money is due and the PDF; each invoice's credit notes under the table. */
export function CustomerInvoicesTable({ rows, caption, jobOf = noJob }: CustomerInvoicesTableProps) {
  const credited = rows.filter((invoice) => invoice.creditNotes.length > 0);
  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg border bg-card/80">
        <DataTable
          rows={rows}
          // The Credited column only where a credit note exists: a column of zeros is noise.
          columns={credited.length > 0 ? columnsWith(jobOf) : columnsWith(jobOf).filter((column) => column.header !== "Credited")}
          caption={caption}
          className="w-full border-collapse text-sm"
          headClassName="hud-label px-3 py-3 text-left font-semibold text-muted-foreground sm:px-4"
          cellClassName="px-3 py-3 align-top sm:px-4"
        />
      </div>
      {/* Below the table, so a phone's narrow columns keep their room. */}
      {credited.map((invoice) => (
        <div key={invoice.id} className="space-y-1 rounded-lg border bg-card/80 px-3 py-3 sm:px-4">
          <p className="hud-label text-muted-foreground">Credit notes of invoice {invoice.number}</p>
          <CreditNotesList invoice={invoice} />
        </div>
      ))}
    </div>
  );
}
