import { eq } from "drizzle-orm";
import type { z } from "zod";
import { calendarDateIn } from "@common/calendar-date";
import { invoiceMessages, type createCreditNoteSchema } from "@common/invoices";
import { creditNoteTotals, MoneyRuleError } from "@common/money";
import { creditedOn, refreshInvoiceStatus } from "../billing/standing";
import type { Database } from "../db/client";
import { creditNoteLines, creditNotes, invoices } from "../db/schema";
import { DomainError } from "../domain-errors";
import { nextCreditNoteNumber } from "./numbering";

/**
 * Issues a credit note on an invoice (docs/decisions/0059-extra-lines-and-credit-notes.md): its
 * lines, or one amount credited as one line, before tax; tax at the invoice's rate; never more than
 * what remains of the invoice after earlier credit notes (400 under `lines` or `amount`); refused on
 * a void invoice (409). The invoice row is locked first, so two credit notes at once are taken one
 * after the other and the second sees the first; the number is taken last, so a refusal gives none
 * away. An open invoice with nothing left to pay becomes paid. Money already paid beyond the new
 * total is not returned here: the back office refunds it. Answers the credit note's id; mail it
 * after the commit.
 */
export async function issueCreditNote(
  db: Database,
  timeZone: string,
  invoiceId: number,
  input: z.output<typeof createCreditNoteSchema>,
  issuedBy: number,
  now = new Date(),
): Promise<number> {
  const issueDate = calendarDateIn(timeZone, now);
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        currency: invoices.currency,
        total: invoices.total,
        tax: invoices.tax,
        taxRateBasisPoints: invoices.taxRateBasisPoints,
      })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for("update");
    if (!invoice) throw new DomainError("not-found", invoiceMessages.notFound);
    if (invoice.status === "void") throw new DomainError("conflict", invoiceMessages.creditOnVoid);
    const lines = input.lines ?? [{ description: `Credit on invoice ${invoice.number}`, amount: input.amount ?? 0 }];
    const field = input.lines ? "lines" : "amount";
    let totals;
    try {
      totals = creditNoteTotals(lines, { taxRateBasisPoints: invoice.taxRateBasisPoints, invoice, credited: await creditedOn(tx, invoice.id) });
    } catch (error) {
      if (error instanceof MoneyRuleError) throw new DomainError("invalid", error.message, { [field]: error.message });
      throw error;
    }
    const { year, sequence, number } = await nextCreditNoteNumber(tx, Number(issueDate.slice(0, 4)));
    const [note] = await tx
      .insert(creditNotes)
      .values({
        invoiceId: invoice.id,
        number,
        year,
        sequence,
        issueDate,
        reason: input.reason,
        currency: invoice.currency,
        subtotal: totals.subtotal,
        taxRateBasisPoints: invoice.taxRateBasisPoints,
        tax: totals.tax,
        total: totals.total,
        createdBy: issuedBy,
      })
      .returning({ id: creditNotes.id });
    if (!note) throw new Error("the credit note insert returned no row");
    await tx
      .insert(creditNoteLines)
      .values(lines.map((line, index) => ({ creditNoteId: note.id, position: index + 1, description: line.description, amount: line.amount })));
    await refreshInvoiceStatus(tx, invoice.id);
    return note.id;
  });
}
