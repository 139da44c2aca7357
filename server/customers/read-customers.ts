import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Role } from "@common/roles";
import { jobAmounts } from "../billing/job-amounts";
import type { Database } from "../db/client";
import { containsText } from "../db/search";
import { jobMessages, jobs, media, payments, quotes, reports, type User, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { listJobs } from "../jobs/read-jobs";
import { customerQuotes } from "../jobs/read-quotes";
import { publicMedia, publicReport } from "../media/public-rows";
import { customerPayments } from "../payments/read-payments";

/**
 * Each account's business, one grouped read per table joined to the accounts (rather than a
 * subquery per account and table). A job is open until closed or cancelled; money is the
 * succeeded payments, in cents; a payment attempt counts as activity once the customer submitted it.
 */
function summaryQuery(db: Database, where: SQL | undefined) {
  const jobStats = db
    .select({
      userId: jobs.userId,
      jobCount: sql<number>`count(*)::int`.as("job_count"),
      openJobCount: sql<number>`(count(*) filter (where ${jobs.status} not in ('closed', 'cancelled')))::int`.as("open_job_count"),
      lastAt: sql`max(${jobs.updatedAt})`.as("jobs_last_at"),
    })
    .from(jobs)
    .groupBy(jobs.userId)
    .as("job_stats");
  const paymentStats = db
    .select({
      userId: payments.userId,
      paidCents: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'succeeded'), 0)::bigint`.as("paid_cents"),
      lastAt: sql`max(${payments.updatedAt}) filter (where ${payments.submittedAt} is not null)`.as("payments_last_at"),
    })
    .from(payments)
    .groupBy(payments.userId)
    .as("payment_stats");
  const quoteStats = db
    .select({ userId: quotes.userId, lastAt: sql`max(${quotes.updatedAt})`.as("quotes_last_at") })
    .from(quotes)
    .groupBy(quotes.userId)
    .as("quote_stats");
  const messageStats = db
    .select({ authorId: jobMessages.authorId, lastAt: sql`max(${jobMessages.createdAt})`.as("messages_last_at") })
    .from(jobMessages)
    .groupBy(jobMessages.authorId)
    .as("message_stats");
  // greatest() passes over the NULLs of an account with no jobs, quotes, payments or messages.
  const lastActivityAt = sql`greatest(${users.createdAt}, ${jobStats.lastAt}, ${paymentStats.lastAt}, ${quoteStats.lastAt}, ${messageStats.lastAt})`;
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      company: users.company,
      phone: users.phone,
      billingAddress: users.billingAddress,
      active: users.active,
      notes: users.notes,
      requiredInsuranceLimit: users.requiredInsuranceLimit,
      createdAt: users.createdAt,
      jobCount: sql<number>`coalesce(${jobStats.jobCount}, 0)`.mapWith(Number),
      openJobCount: sql<number>`coalesce(${jobStats.openJobCount}, 0)`.mapWith(Number),
      // A bigint arrives as text; a sum of cents stays well inside a double's exact integers.
      totalPaidCents: sql<number>`coalesce(${paymentStats.paidCents}, 0)`.mapWith(Number),
      lastActivityAt: sql<Date>`${lastActivityAt}`.mapWith(users.createdAt),
    })
    .from(users)
    .leftJoin(jobStats, eq(jobStats.userId, users.id))
    .leftJoin(paymentStats, eq(paymentStats.userId, users.id))
    .leftJoin(quoteStats, eq(quoteStats.userId, users.id))
    .leftJoin(messageStats, eq(messageStats.authorId, users.id))
    .where(where)
    .orderBy(desc(lastActivityAt), desc(users.id));
}

/** Words found in the username, the first, last or full name, or the e-mail, whatever their case. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return containsText(q, [users.username, users.email, users.firstName, users.lastName, sql`${users.firstName} || ' ' || ${users.lastName}`]);
}

/** The accounts of one role holding the words searched for, the latest active first, each with its business. */
export function listAccounts(db: Database, { role, q }: { role: Role; q?: string | undefined }) {
  return summaryQuery(db, and(eq(users.role, role), matching(q)));
}

/** An account, whatever its role, with its jobs, reports and media (held ones too), quotes and payments, as `staff` may list them. */
export async function accountDetail(db: Database, staff: User, id: number) {
  const [[summary], accountJobs, accountReports, accountMedia, accountQuotes, accountPayments] = await Promise.all([
    summaryQuery(db, eq(users.id, id)),
    listJobs(db, { staff }, { userId: id }),
    db.select().from(reports).where(eq(reports.userId, id)).orderBy(desc(reports.createdAt), desc(reports.id)),
    db.select().from(media).where(eq(media.userId, id)).orderBy(desc(media.createdAt), desc(media.id)),
    customerQuotes(db, id),
    customerPayments(db, id),
  ]);
  if (!summary) throw new DomainError("not-found", "Customer not found");
  const amounts = await jobAmounts(
    db,
    accountJobs.map((job) => job.id),
  );
  return {
    ...summary,
    jobs: accountJobs.map((job) => ({ ...job, amounts: amounts.get(job.id)! })),
    reports: accountReports.map(publicReport),
    media: accountMedia.map(publicMedia),
    quotes: accountQuotes,
    payments: accountPayments,
  };
}
