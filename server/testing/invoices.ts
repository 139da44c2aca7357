import type { invoices } from "../db/schema";
import type { InvoiceNumber } from "../invoices/numbering";

/** An invoice row of $100.00 without tax for `jobId`, numbered `taken`, issued on 1 March of its year and due 30 days later. */
export function invoiceRow(jobId: number, taken: InvoiceNumber): typeof invoices.$inferInsert {
  return {
    jobId,
    ...taken,
    issueDate: `${taken.year}-03-01`,
    dueDate: `${taken.year}-03-31`,
    linesTotal: 10_000,
    tax: 0,
    total: 10_000,
  };
}

/** The PostgreSQL error under a refused query (Drizzle wraps it): its SQLSTATE and the constraint it names. */
export async function databaseRefusal(query: PromiseLike<unknown>): Promise<{ code: string; constraint: string | undefined }> {
  try {
    await query;
  } catch (error) {
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      const { code, constraint } = current as { code?: string; constraint?: string };
      if (code) return { code, constraint: constraint ?? /constraint "([^"]+)"/.exec(current.message)?.[1] };
    }
    throw error;
  }
  throw new Error("the database accepted what it should refuse");
}
