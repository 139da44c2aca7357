import { formatMoney } from "@common/money";
import { buyerLines, formatDate, formatRate } from "./format";
import { renderPdf } from "./pdf";
import type { CreditNoteDocument } from "./types";

/**
 * A credit note as a PDF (docs/decisions/0059-extra-lines-and-credit-notes.md): the seller as on
 * the invoice (legal name, tax number), the buyer at their billing address, "Credit note
 * CN-2026-0001 for invoice 2026-0003", its lines, tax and total as negative amounts, the reason, and
 * where the invoice stands after it.
 */
export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  const name = `Credit note ${note.number}`;
  const { currency } = note;
  const money = (cents: number) => formatMoney(cents, currency);
  // The whole name is the footer on every page; the title line has room for the number alone.
  return renderPdf(`${name} for invoice ${note.invoiceNumber}`, note.business, (pdf) => {
    pdf.header(note.business);
    pdf.title(name);
    pdf.details(
      [{ heading: "Credit to", lines: buyerLines(note.customer) }, ...(note.job ? [{ heading: "Job", lines: [note.job.title, note.job.site] }] : [])],
      [
        ["Credit note", note.number],
        ["For invoice", note.invoiceNumber],
        ["Issued", formatDate(note.issuedOn)],
      ],
    );
    pdf.table(
      [{ heading: "Description" }, { heading: "Amount", width: 100, align: "right" }],
      note.lines.map((line) => ({ cells: [line.description, money(-line.amount)] })),
    );
    pdf.summary([
      { label: "Subtotal", value: money(-note.subtotal) },
      { label: `${note.business.taxLabel || "Tax"} (${formatRate(note.taxRateBasisPoints)})`, value: money(-note.tax) },
      { label: "Total credited", value: money(-note.total), strong: true },
      { label: `Invoice ${note.invoiceNumber} total`, value: money(note.invoice.total) },
      { label: "Credited to date", value: money(-note.invoice.credited) },
      { label: "Paid", value: money(note.invoice.paid) },
      { label: "Balance due", value: money(note.invoice.balance), strong: true },
      ...(note.invoice.owedBack > 0 ? [{ label: "Owed back to you", value: money(note.invoice.owedBack), strong: true }] : []),
    ]);
    pdf.section("Reason", note.reason.split(/\r?\n/).filter(Boolean));
  });
}
