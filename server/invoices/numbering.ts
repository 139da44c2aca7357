import { sql } from "drizzle-orm";
import { formatInvoiceNumber } from "@common/invoices";
import type { Database } from "../db/client";
import { invoiceCounters } from "../db/schema";

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

/**
 * The next invoice number of `year`, without gaps (docs/decisions/0025-invoice-numbers.md): the
 * year's counter row is created at 1 or raised by one, and stays locked until the caller's
 * transaction ends. Another transaction numbering the same year waits for it, then reads the
 * committed count, so no two invoices share a number; a rollback undoes the raise, so the number
 * goes to the next invoice instead of being lost. Take it last before inserting the invoice: the
 * lock holds every other invoice of the year until the commit.
 */
export async function nextInvoiceNumber(tx: Transaction, year: number): Promise<InvoiceNumber> {
  // Refuses a year that is not four digits before any row is touched.
  formatInvoiceNumber(year, 1);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` } })
    .returning({ sequence: invoiceCounters.lastSequence });
  if (!counter) throw new Error("the invoice counter returned no row");
  return { year, sequence: counter.sequence, number: formatInvoiceNumber(year, counter.sequence) };
}
