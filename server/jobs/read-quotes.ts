import { count, desc, eq, min, sql } from "drizzle-orm";
import type { EstimateStatus } from "@common/estimate-status";
import type { JobStatus } from "@common/job-status";
import { QUOTE_STAGE_NEXT_STEPS, quoteStage, type QuoteStage } from "@common/quote-stage";
import type { QuoteStatus } from "@common/quote-statuses";
import { quotesAsBilled } from "../billing/job-amounts";
import type { Database } from "../db/client";
import { quotes } from "../db/schema";

/** What a quote looks like in every list, the customer's and the admins'. */
export const quoteColumns = {
  id: quotes.id,
  serviceType: quotes.serviceType,
  description: quotes.description,
  budget: quotes.budget,
  timeline: quotes.timeline,
  status: quotes.status,
  price: quotes.price,
  declineReason: quotes.declineReason,
  /** Paid through checkout: the Pay button gives way to "Paid". */
  // Spelled out: inside a one-table select Drizzle leaves columns unqualified, and "id" would mean the payment's.
  paid: sql<boolean>`exists (select 1 from "payments" where "payments"."quote_id" = "quotes"."id" and "payments"."status" = 'succeeded')`.mapWith(Boolean),
  createdAt: quotes.createdAt,
  // The job the request opened (jobs.quote_id is unique) and its current estimate revision, which
  // the request's stage follows (docs/decisions/0048-quote-and-job-life-cycles.md).
  jobId: sql<number | null>`(select "j"."id" from "jobs" "j" where "j"."quote_id" = "quotes"."id")`,
  jobStatus: sql<JobStatus | null>`(select "j"."status" from "jobs" "j" where "j"."quote_id" = "quotes"."id")`,
  estimateStatus: sql<EstimateStatus | null>`(select "e"."status" from "estimates" "e" join "jobs" "j" on "j"."id" = "e"."job_id" where "j"."quote_id" = "quotes"."id" and "e"."status" <> 'superseded' order by "e"."revision" desc limit 1)`,
};

/** A row of quoteColumns as the lists answer it: the estimate's status gives way to the request's stage and next step. */
export function withStage<Row extends { status: QuoteStatus; jobId: number | null; jobStatus: JobStatus | null; estimateStatus: EstimateStatus | null }>({
  estimateStatus,
  ...row
}: Row): Omit<Row, "estimateStatus"> & { stage: QuoteStage; nextStep: string | null } {
  const stage = quoteStage({ quoteStatus: row.status, jobStatus: row.jobStatus, estimateStatus });
  return { ...row, stage, nextStep: QUOTE_STAGE_NEXT_STEPS[stage] };
}

/** A customer's own quote requests as their list shows them, newest first, each billed and with its stage. */
export async function customerQuotes(db: Database, userId: number) {
  const rows = await db.select(quoteColumns).from(quotes).where(eq(quotes.userId, userId)).orderBy(desc(quotes.createdAt), desc(quotes.id));
  return (await quotesAsBilled(db, rows)).map(withStage);
}

/** The quote requests waiting for the business's answer (pending, what the Quotes tab lists): how many, and when the oldest came. */
export async function pendingRequests(db: Database): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(quotes.createdAt) })
    .from(quotes)
    .where(eq(quotes.status, "pending"));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}
