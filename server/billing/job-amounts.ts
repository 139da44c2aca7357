import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { jobAmountsSchema } from "@common/contract/job-amounts";
import type { Database } from "../db/client";
import { estimateResponses, estimates, invoices, jobs, payments, quotes } from "../db/schema";

/**
 * A job's money, computed here once for every answer that shows it: the job pages (customer and
 * back office), the payments lists, the back office's customer page and the quote's price
 * (docs/decisions/0047-a-jobs-amounts.md). Like server/billing/standing.ts, it reads the payments
 * themselves, never a stored running total.
 */
export type JobAmounts = z.output<typeof jobAmountsSchema>;

/**
 * The job a payment belongs to: the job of the estimate whose deposit it pays, of the invoice it
 * pays, or of the quote whose checkout it pays. Spelled out with qualified names, so it reads the
 * same inside a one-table select of payments (where Drizzle leaves columns unqualified) and a join.
 */
export const paymentJobId = sql<number | null>`coalesce(
  (select "estimates"."job_id" from "estimates" where "estimates"."id" = "payments"."estimate_id"),
  (select "invoices"."job_id" from "invoices" where "invoices"."id" = "payments"."invoice_id"),
  (select "jobs"."id" from "jobs" where "jobs"."quote_id" = "payments"."quote_id")
)`.mapWith((value: unknown) => (value === null ? null : Number(value)));

/** The payments of these jobs (any state): towards one of their estimates, invoices or quotes; by index. */
export function paymentsOfJobs(jobIds: readonly number[]): SQL {
  return or(
    inArray(payments.estimateId, sql`(select "id" from "estimates" where "job_id" in ${jobIds})`),
    inArray(payments.invoiceId, sql`(select "id" from "invoices" where "job_id" in ${jobIds})`),
    inArray(payments.quoteId, sql`(select "quote_id" from "jobs" where "id" in ${jobIds} and "quote_id" is not null)`),
  )!;
}

/** Nothing priced, nothing paid: a job before its estimate is accepted or its quote priced. */
const NOTHING: JobAmounts = {
  pricedBy: null,
  currency: "usd",
  acceptedTotal: null,
  total: null,
  credited: 0,
  deposit: 0,
  depositPaid: 0,
  paid: 0,
  refunded: 0,
  balance: 0,
  owedBack: 0,
};

/** The amounts of each of these jobs, by job id (every id given has an entry). */
export async function jobAmounts(db: Database, jobIds: readonly number[]): Promise<Map<number, JobAmounts>> {
  const ids = [...new Set(jobIds)];
  const amounts = new Map<number, JobAmounts>();
  if (ids.length === 0) return amounts;
  const [priced, accepted, invoiced, sums] = await Promise.all([
    // The quote's one price binds once the quote was approved with it (docs/product.md §9).
    db
      .select({ jobId: jobs.id, price: quotes.price, status: quotes.status })
      .from(jobs)
      .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
      .where(inArray(jobs.id, ids)),
    // At most one revision of a job is ever accepted: an accepted estimate is never revised.
    db
      .select({
        jobId: estimates.jobId,
        currency: estimates.currency,
        total: estimateResponses.acceptedTotal,
        deposit: estimateResponses.acceptedDepositAmount,
      })
      .from(estimates)
      .innerJoin(estimateResponses, and(eq(estimateResponses.estimateId, estimates.id), eq(estimateResponses.answer, "accepted")))
      .where(and(inArray(estimates.jobId, ids), eq(estimates.status, "accepted"))),
    // A job has at most one invoice that is not void (invoices_one_live_per_job_idx); its credit notes lower what is owed.
    db
      .select({
        jobId: invoices.jobId,
        currency: invoices.currency,
        total: invoices.total,
        // Qualified by hand: in a one-table select Drizzle leaves columns unqualified, and "id" would read the credit note's.
        credited:
          sql<number>`coalesce((select sum("credit_notes"."total") from "credit_notes" where "credit_notes"."invoice_id" = "invoices"."id"), 0)::int`.mapWith(
            Number,
          ),
      })
      .from(invoices)
      .where(and(inArray(invoices.jobId, ids), ne(invoices.status, "void"))),
    db
      .select({
        jobId: paymentJobId,
        paid: sql<number>`coalesce(sum(${payments.amount}), 0)::int`.mapWith(Number),
        refunded: sql<number>`coalesce(sum(${payments.refundedAmount}), 0)::int`.mapWith(Number),
        depositPaid: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.estimateId} is not null), 0)::int`.mapWith(Number),
      })
      .from(payments)
      .where(and(paymentsOfJobs(ids), eq(payments.status, "succeeded")))
      .groupBy(paymentJobId),
  ]);
  for (const id of ids) {
    const estimate = accepted.find((row) => row.jobId === id);
    const quote = priced.find((row) => row.jobId === id);
    const invoice = invoiced.find((row) => row.jobId === id);
    const money = sums.find((row) => row.jobId === id);
    const paid = money?.paid ?? 0;
    const refunded = money?.refunded ?? 0;
    const quotePriced = quote && quote.price !== null && (quote.status === "accepted" || quote.status === "completed");
    const acceptedTotal = estimate ? estimate.total : quotePriced ? (quote?.price ?? 0) : null;
    const total = invoice ? invoice.total : acceptedTotal;
    const credited = invoice?.credited ?? 0;
    const owed = (total ?? 0) - credited;
    amounts.set(id, {
      pricedBy: invoice ? "invoice" : estimate ? "estimate" : quotePriced ? "quote" : null,
      currency: invoice?.currency ?? estimate?.currency ?? NOTHING.currency,
      acceptedTotal,
      total,
      credited,
      deposit: estimate?.deposit ?? 0,
      depositPaid: money?.depositPaid ?? 0,
      paid,
      refunded,
      balance: Math.max(0, owed - paid),
      owedBack: total === null ? 0 : Math.max(0, paid - refunded - owed),
    });
  }
  return amounts;
}

/**
 * The amounts as a pilot reads them: the currency alone, nothing priced or paid. What the customer
 * pays is between them and the business (docs/decisions/0045-what-a-pilot-sees.md).
 */
export const amountsForPilot = (amounts: JobAmounts): JobAmounts => ({ ...NOTHING, currency: amounts.currency });

/** One job's amounts. */
export async function amountsOfJob(db: Database, jobId: number): Promise<JobAmounts> {
  return (await jobAmounts(db, [jobId])).get(jobId)!;
}

/**
 * Quotes as their answers show them: a quote whose job an accepted estimate prices shows the job's
 * total (the estimate's, or its invoice's once issued) as its price (sending an estimate leaves the quote's own price empty, so its Pay
 * never offers a second way to pay: docs/decisions/0026-quote-to-cash.md) and reads paid once
 * nothing is left to pay on the job.
 */
export async function quotesAsBilled<Quote extends { id: number; price: number | null; paid: boolean }>(
  db: Database,
  rows: readonly Quote[],
): Promise<(Quote & { pricedByEstimate: boolean })[]> {
  if (rows.length === 0) return [];
  const quoteJobs = await db
    .select({ jobId: jobs.id, quoteId: jobs.quoteId })
    .from(jobs)
    .where(
      inArray(
        jobs.quoteId,
        rows.map((row) => row.id),
      ),
    );
  const amounts = await jobAmounts(
    db,
    quoteJobs.map((row) => row.jobId),
  );
  return rows.map((row) => {
    const job = quoteJobs.find((candidate) => candidate.quoteId === row.id);
    const billed = job ? amounts.get(job.jobId) : undefined;
    if (billed?.pricedBy !== "estimate" && billed?.pricedBy !== "invoice") return { ...row, pricedByEstimate: false };
    return { ...row, price: billed.total, paid: billed.total !== null && billed.paid > 0 && billed.balance === 0, pricedByEstimate: true };
  });
}
