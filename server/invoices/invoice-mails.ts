import { formatMoney } from "@common/money";
import type { BillingDeps } from "../billing/settings";
import { formatDate } from "../pdf/format";
import { renderInvoicePdf } from "../pdf/invoice-pdf";
import { invoiceDocument } from "./invoice-document";
import { type InvoiceView, readInvoice } from "./read-invoices";
import { helloTo } from "../mail/greeting";
import { noticeSender } from "../mail/notice";

type MailDeps = BillingDeps;

/** The invoice's PDF as a mail attachment (invoice-2026-0001.pdf). */
async function pdfAttachment(deps: MailDeps, invoice: InvoiceView) {
  const pdf = await renderInvoicePdf(await invoiceDocument(deps.db, deps.billing, invoice));
  return { filename: invoicePdfFilename(invoice.number), content: pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" as const };
}

/** The name an invoice's PDF is downloaded and attached under. */
export const invoicePdfFilename = (number: string) => `invoice-${number}.pdf`;

/** The figures every invoice mail states, as the invoice and its PDF state them. */
function figures(invoice: InvoiceView): string[] {
  const money = (cents: number) => formatMoney(cents, invoice.currency.toUpperCase());
  return [
    `Total: ${money(invoice.total)}`,
    ...(invoice.credited > 0 ? [`Credited: ${money(invoice.credited)}`] : []),
    `Paid: ${money(invoice.paid)}`,
    `Balance due: ${money(invoice.balance)}`,
    `Due date: ${formatDate(invoice.dueDate)}`,
  ];
}

/**
 * Puts a mail about an invoice in the outbox, to its customer, the PDF attached, under `key` so it
 * is stored once however often it is asked for. Call it after the invoice's transaction committed.
 */
async function mailAboutInvoice(
  deps: MailDeps,
  invoiceId: number,
  key: string,
  write: (invoice: InvoiceView) => { subject: string; lines: string[] },
): Promise<void> {
  const invoice = await readInvoice(deps.db, deps.billing.timeZone, invoiceId);
  if (!invoice) return;
  const { subject, lines } = write(invoice);
  await noticeSender(deps.queue, () => ({ name: deps.billing.businessName, color: deps.billing.business.accentColor }))({
    to: [invoice.customer.email],
    subject,
    lines: [
      await helloTo(deps.db, invoice.customer),
      ...lines,
      "",
      ...figures(invoice),
      "",
      "The invoice is attached as a PDF; you can pay the balance by card from the job's page.",
    ],
    link: { href: `${deps.billing.publicUrl}/dashboard/jobs/${invoice.jobId}`, label: "Open the job" },
    attachments: [await pdfAttachment(deps, invoice)],
    key,
  });
}

/** To the customer: their final invoice was issued. Once per invoice. */
export function mailInvoiceIssued(deps: MailDeps, invoiceId: number): Promise<void> {
  return mailAboutInvoice(deps, invoiceId, `invoice-issued:${invoiceId}`, (invoice) => ({
    subject: `Invoice ${invoice.number} from ${deps.billing.businessName}`,
    lines: [`Here is invoice ${invoice.number} for "${invoice.jobTitle}".`],
  }));
}

/**
 * To the customer: the invoice is past its due date with money still due; `reminder` is 1 for the
 * first (OVERDUE_REMINDER_DAYS[0] days after), 2 for the second. Once per invoice and reminder;
 * rejects when the mail cannot be stored, so the sweep counts it sent only once it is.
 */
export function mailInvoiceOverdue(deps: MailDeps, invoiceId: number, reminder: number): Promise<void> {
  return mailAboutInvoice(deps, invoiceId, `invoice-overdue:${invoiceId}:${reminder}`, (invoice) => ({
    subject: `Overdue: invoice ${invoice.number}`,
    lines: [`Invoice ${invoice.number} for "${invoice.jobTitle}" was due on ${formatDate(invoice.dueDate)} and has a balance left to pay.`],
  }));
}
