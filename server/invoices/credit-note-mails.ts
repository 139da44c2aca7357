import { eq } from "drizzle-orm";
import { formatMoney } from "@common/money";
import type { BillingDeps } from "../billing/settings";
import { creditNotes } from "../db/schema";
import { renderCreditNotePdf } from "../pdf/credit-note-pdf";
import { helloTo } from "../mail/greeting";
import { noticeSender } from "../mail/notice";
import { creditNoteDocument } from "./invoice-document";
import { readInvoice } from "./read-invoices";

/** The name a credit note's PDF is downloaded and attached under. */
export const creditNotePdfFilename = (number: string) => `credit-note-${number}.pdf`;

/**
 * To the customer: a credit note was issued on their invoice, its PDF attached, with where the
 * invoice now stands. Once per credit note (its key); call it after the credit note's transaction
 * committed.
 */
export async function mailCreditNoteIssued(deps: BillingDeps, creditNoteId: number): Promise<void> {
  const [row] = await deps.db.select({ invoiceId: creditNotes.invoiceId }).from(creditNotes).where(eq(creditNotes.id, creditNoteId));
  const invoice = row ? await readInvoice(deps.db, deps.billing.timeZone, row.invoiceId) : null;
  const note = invoice?.creditNotes.find((candidate) => candidate.id === creditNoteId);
  if (!invoice || !note) return;
  const money = (cents: number) => formatMoney(cents, invoice.currency.toUpperCase());
  const pdf = await renderCreditNotePdf(await creditNoteDocument(deps.db, deps.billing, invoice, note));
  await noticeSender(deps.queue, () => ({ name: deps.billing.businessName, color: deps.billing.business.accentColor }))({
    to: [invoice.customer.email],
    subject: `Credit note ${note.number} for invoice ${invoice.number} from ${deps.billing.businessName}`,
    lines: [
      await helloTo(deps.db, invoice.customer),
      `Here is credit note ${note.number} for invoice ${invoice.number} ("${invoice.jobTitle}"): ${money(note.total)} credited.`,
      `Reason: ${note.reason}`,
      "",
      `Invoice total: ${money(invoice.total)}`,
      `Credited: ${money(invoice.credited)}`,
      `Paid: ${money(invoice.paid)}`,
      `Balance due: ${money(invoice.balance)}`,
      ...(invoice.owedBack > 0 ? [`We owe you ${money(invoice.owedBack)}, which we will refund.`] : []),
      "",
      "The credit note is attached as a PDF.",
    ],
    link: { href: `${deps.billing.publicUrl}/dashboard/jobs/${invoice.jobId}`, label: "Open the job" },
    attachments: [
      { filename: creditNotePdfFilename(note.number), content: pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" as const },
    ],
    key: `credit-note-issued:${creditNoteId}`,
  });
}
