import { sql } from "drizzle-orm";
import { formatCreditNoteNumber, formatInvoiceNumber } from "@common/invoices";
import type { Database } from "../db/client";
import { creditNoteCounters, invoiceCounters } from "../db/schema";

/**
 * A transaction, never the bare database: the number is taken by the caller's transaction and
 * given back by its rollback, so it must be the one that inserts the invoice.
 */
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface InvoiceNumber {
  year: number;
  sequence: number;
  /** "2026-0001" (formatInvoiceNumber, docs/decisions/0023-money-rounding.md). */
  number: string;
}

/** A yearly series: its counter table and how its numbers read. */
interface Series {
  counters: typeof invoiceCounters | typeof creditNoteCounters;
  format: (year: number, sequence: number) => string;
}

/**
 * The next number of `year` in a series, without gaps (docs/decisions/0025-invoice-numbers.md):
 * the year's counter row is created at 1 or raised by one, and stays locked until the caller's
 * transaction ends. Another transaction numbering the same year waits for it, then reads the
 * committed count, so no two documents share a number; a rollback undoes the raise, so the number
 * goes to the next document instead of being lost. Take it last before inserting the document: the
 * lock holds every other one of the series and year until the commit.
 */
async function nextNumber(tx: Transaction, { counters, format }: Series, year: number): Promise<InvoiceNumber> {
  // Refuses a year that is not four digits before any row is touched.
  format(year, 1);
  const [counter] = await tx
    .insert(counters)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({ target: counters.year, set: { lastSequence: sql`${counters.lastSequence} + 1` } })
    .returning({ sequence: counters.lastSequence });
  if (!counter) throw new Error("the document counter returned no row");
  return { year, sequence: counter.sequence, number: format(year, counter.sequence) };
}

/** The next invoice number of `year`: "2026-0001". */
export function nextInvoiceNumber(tx: Transaction, year: number): Promise<InvoiceNumber> {
  return nextNumber(tx, { counters: invoiceCounters, format: formatInvoiceNumber }, year);
}

/** The next credit note number of `year`, in the credit notes' own series: "CN-2026-0001". */
export function nextCreditNoteNumber(tx: Transaction, year: number): Promise<InvoiceNumber> {
  return nextNumber(tx, { counters: creditNoteCounters, format: formatCreditNoteNumber }, year);
}
