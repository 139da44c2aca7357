import { and, asc, eq, ne } from "drizzle-orm";
import { addDays, calendarDateIn } from "@common/calendar-date";
import { INVOICE_DUE_DAYS, invoiceMessages } from "@common/invoices";
import { jobMessages, type JobStatus } from "@common/job-status";
import { invoiceTotals, MoneyRuleError, QUANTITY_DECIMALS, scaledInteger } from "@common/money";
import { depositStanding, refreshInvoiceStatus } from "../billing/standing";
import type { Database } from "../db/client";
import { estimateLines, estimateResponses, estimates, invoiceAdjustments, invoiceLines, invoices, jobs } from "../db/schema";
import { DomainError } from "../domain-errors";
import { nextInvoiceNumber } from "./numbering";

/** The final invoice is issued once the work is handed over. */
const INVOICEABLE_STATES: readonly JobStatus[] = ["delivered", "closed"];

/** Quantities are stored in thousandths (2.5 acres is 2500); the money rules read them as numbers. */
const THOUSANDTHS = 10 ** QUANTITY_DECIMALS;

export interface IssueInvoiceInput {
  jobId: number;
  /** YYYY-MM-DD; INVOICE_DUE_DAYS after the issue day when not given. */
  dueDate?: string | undefined;
  /** Work beyond the estimate, taxed at the invoice's rate like the estimate's lines. */
  extraLines?: readonly { description: string; quantity: number; unit?: string | undefined; unitPrice: number }[] | undefined;
  /** Goodwill credits (below 0) and surcharges (above 0) before tax (docs/decisions/0059-extra-lines-and-credit-notes.md). */
  adjustments?: readonly { description: string; amount: number }[] | undefined;
}

/** The invoice's figures, a money rule it breaks refused as a 400 under the field at fault (extraLines, adjustments). */
function figuresOrRefusal<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof MoneyRuleError) throw new DomainError("invalid", error.message, { [error.field]: error.message });
    throw error;
  }
}

/**
 * The issue and due days of an invoice issued at `now`: today in the business's zone, and the due
 * day given or INVOICE_DUE_DAYS later. A due day before the issue day is refused here, before any
 * row is touched, so the refusal leaves no invoice and no number taken.
 */
export function invoiceDays(timeZone: string, dueDate: string | undefined, now: Date): { issueDate: string; dueDate: string } {
  const issueDate = calendarDateIn(timeZone, now);
  const due = dueDate ?? addDays(issueDate, INVOICE_DUE_DAYS);
  if (due < issueDate) throw new DomainError("invalid", invoiceMessages.dueBeforeIssue, { dueDate: invoiceMessages.dueBeforeIssue });
  return { issueDate, dueDate: due };
}

/** The job's accepted estimate with the customer's acceptance and its lines, or null when it has none. */
async function acceptedEstimateOf(tx: Database, jobId: number) {
  const [accepted] = await tx
    .select({ estimate: estimates, chosen: estimateResponses.optionalLineIds })
    .from(estimates)
    .innerJoin(estimateResponses, and(eq(estimateResponses.estimateId, estimates.id), eq(estimateResponses.answer, "accepted")))
    .where(and(eq(estimates.jobId, jobId), eq(estimates.status, "accepted")));
  if (!accepted) return null;
  const lines = await tx.select().from(estimateLines).where(eq(estimateLines.estimateId, accepted.estimate.id)).orderBy(asc(estimateLines.position));
  return { ...accepted, lines };
}

/**
 * Issues a job's final invoice from its accepted estimate: the required lines and
 * the optional ones the customer ticked, then the admin's extra lines, the estimate's discount, the
 * admin's adjustments and the estimate's tax rate (invoiceTotals), less what was paid on it (the
 * deposit). The job's row is locked first, so two admins issuing at once
 * are taken one after the other and the second finds the first's invoice (409); the number is taken
 * last, so a refusal gives none away. An invoice with nothing left to pay is paid at once. Answers
 * the new invoice's id; mail it after the commit.
 */
export async function issueInvoice(db: Database, timeZone: string, input: IssueInvoiceInput, issuedBy: number, now = new Date()): Promise<number> {
  const days = invoiceDays(timeZone, input.dueDate, now);
  return db.transaction(async (tx) => {
    const [job] = await tx.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.id, input.jobId)).for("update");
    if (!job) throw new DomainError("not-found", jobMessages.notFound);
    if (!INVOICEABLE_STATES.includes(job.status)) throw new DomainError("conflict", invoiceMessages.notDelivered, { jobId: invoiceMessages.notDelivered });
    const [live] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.jobId, job.id), ne(invoices.status, "void")));
    if (live) throw new DomainError("conflict", invoiceMessages.alreadyInvoiced, { jobId: invoiceMessages.alreadyInvoiced });
    const accepted = await acceptedEstimateOf(tx, job.id);
    if (!accepted) throw new DomainError("conflict", invoiceMessages.nothingToInvoice, { jobId: invoiceMessages.nothingToInvoice });

    const { estimate } = accepted;
    const deposit = await depositStanding(tx, estimate.id);
    const extraLines = (input.extraLines ?? []).map((line) => ({ ...line, unit: line.unit ?? "" }));
    const adjustments = input.adjustments ?? [];
    const totals = figuresOrRefusal(() =>
      invoiceTotals(
        { lines: accepted.lines.map((line) => ({ ...line, quantity: line.quantity / THOUSANDTHS })), discount: estimate.discount },
        { paid: deposit.paid, taxRateBasisPoints: estimate.taxRateBasisPoints, chosenOptionalLineIds: accepted.chosen, extraLines, adjustments },
      ),
    );
    const { year, sequence, number } = await nextInvoiceNumber(tx, Number(days.issueDate.slice(0, 4)));
    const [invoice] = await tx
      .insert(invoices)
      .values({
        jobId: job.id,
        estimateId: estimate.id,
        number,
        year,
        sequence,
        ...days,
        currency: estimate.currency,
        linesTotal: totals.subtotal,
        discount: totals.discount,
        adjustments: totals.adjustments,
        taxRateBasisPoints: estimate.taxRateBasisPoints,
        tax: totals.tax,
        total: totals.total,
        createdBy: issuedBy,
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error("the invoice insert returned no row");
    const billed = [
      ...totals.lines.map((line) => ({ ...line, source: "estimate" as const })),
      ...totals.extraLines.map((line) => ({ ...line, source: "extra" as const })),
    ];
    await tx.insert(invoiceLines).values(
      billed.map((line, index) => ({
        invoiceId: invoice.id,
        position: index + 1,
        description: line.description,
        // lineAmount refused any quantity with more than 3 decimals, so this is exact.
        quantity: scaledInteger(line.quantity, QUANTITY_DECIMALS)!,
        unit: line.unit,
        unitPrice: line.unitPrice,
        amount: line.amount,
        source: line.source,
      })),
    );
    if (adjustments.length > 0)
      await tx.insert(invoiceAdjustments).values(
        adjustments.map((adjustment, index) => ({
          invoiceId: invoice.id,
          position: index + 1,
          description: adjustment.description,
          amount: adjustment.amount,
        })),
      );
    // A deposit of the whole total leaves nothing to pay: the invoice is paid as issued.
    await refreshInvoiceStatus(tx, invoice.id);
    return invoice.id;
  });
}
