import { formatMoney } from "@common/money";
import { buyerLines, formatDate, formatInstant } from "./format";
import { drawPayments } from "./payments";
import { renderPdf } from "./pdf";
import { chargeRows, drawPricedLines } from "./priced-lines";
import type { InvoiceDocument } from "./types";

/**
 * An invoice as a PDF: its number, issue and due dates, lines and totals,
 * what was paid (the deposit included, net of refunds) and the balance, then each payment and
 * refund. A paid or void invoice carries the word on its title line.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const name = `Invoice ${invoice.number}`;
  const { currency, timeZone } = invoice;
  const lastPayment = invoice.payments.at(-1);
  return renderPdf(name, invoice.business, (pdf) => {
    pdf.header(invoice.business);
    pdf.title(name, invoice.status === "open" ? undefined : invoice.status.toUpperCase());
    pdf.details(
      [{ heading: "Bill to", lines: buyerLines(invoice.customer) }, ...(invoice.job ? [{ heading: "Job", lines: [invoice.job.title, invoice.job.site] }] : [])],
      [
        ["Invoice number", invoice.number],
        ["Issued", formatDate(invoice.issuedOn)],
        ["Due", formatDate(invoice.dueOn)],
        ...(invoice.status === "paid" && lastPayment ? [["Paid on", formatInstant(lastPayment.at, timeZone)] as [string, string]] : []),
      ],
    );
    drawPricedLines(pdf, invoice.lines, currency);
    pdf.summary([
      ...chargeRows(invoice.charge, currency, invoice.business.taxLabel),
      ...((invoice.credited ?? 0) > 0 ? [{ label: "Credited", value: formatMoney(-(invoice.credited ?? 0), currency) }] : []),
      { label: "Paid", value: formatMoney(invoice.paid, currency) },
      { label: "Balance due", value: formatMoney(invoice.balance, currency), strong: true },
      ...((invoice.owedBack ?? 0) > 0 ? [{ label: "Owed back to you", value: formatMoney(invoice.owedBack ?? 0, currency), strong: true }] : []),
    ]);
    if (invoice.payments.length > 0) drawPayments(pdf, "Payments", invoice.payments, currency, timeZone);
    // How to pay what is left: the business's terms and the account a bank transfer goes to.
    if (invoice.status === "open" && invoice.paymentTerms) pdf.section("Payment terms", invoice.paymentTerms.split(/\r?\n/).filter(Boolean));
    if (invoice.status === "open" && invoice.bankDetails) pdf.section("Pay by bank transfer", invoice.bankDetails.split(/\r?\n/).filter(Boolean));
  });
}
