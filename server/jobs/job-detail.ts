import { and, desc, eq } from "drizzle-orm";
import { amountsForPilot, amountsOfJob, paymentsOfJobs, quotesAsBilled } from "../billing/job-amounts";
import type { Database } from "../db/client";
import { payments, quotes } from "../db/schema";
import { listedPayment, paymentColumns } from "../payments/read-payments";
import { readJob, type Actor } from "./read-jobs";
import { quoteColumns, withStage } from "./read-quotes";

/**
 * A job as GET /api/jobs/:id and the back office's writes answer it: the job with its history, deliverables, quote,
 * payments (towards its quote, its estimate's deposit or its invoices) and amounts. A pilot gets the
 * quote without its price or the customer's budget, no payments and no amounts: what the customer
 * pays is between them and the business (docs/decisions/0045-what-a-pilot-sees.md).
 */
export async function jobDetail(db: Database, actor: Actor, id: number) {
  const detail = await jobWithQuote(db, actor, id);
  if (actor.role !== "pilot") return detail;
  return { ...detail, quote: detail.quote && { ...detail.quote, price: null, budget: "" }, payments: [], amounts: amountsForPilot(detail.amounts) };
}

async function jobWithQuote(db: Database, actor: Actor, id: number) {
  const job = await readJob(db, actor, id);
  const [quoteRows, jobPayments, amounts] = await Promise.all([
    job.quoteId === null ? [] : db.select(quoteColumns).from(quotes).where(eq(quotes.id, job.quoteId)),
    db
      .select(paymentColumns)
      .from(payments)
      .where(and(paymentsOfJobs([job.id]), listedPayment))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    amountsOfJob(db, job.id),
  ]);
  const [quote] = await quotesAsBilled(db, quoteRows);
  return { ...job, quote: quote ? withStage(quote) : null, payments: jobPayments, amounts };
}
