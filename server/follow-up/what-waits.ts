import { and, count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { checkoutHref } from "@common/checkout";
import type { waitingItemSchema } from "@common/contract/waiting";
import { isComingFlight } from "@common/flights";
import { isSettled } from "@common/job-status";
import type { Database } from "../db/client";
import { invoices, jobs, media, reports } from "../db/schema";
import { estimateName } from "../pdf/estimate-pdf";
import { openEstimatesOf } from "../estimates/read-estimates";
import { readInvoices } from "../invoices/read-invoices";
import { depositDescription } from "../payments/charge";
import { listJobs } from "../jobs/read-jobs";

type WaitingItem = z.output<typeof waitingItemSchema>;

const jobPage = (jobId: number, section: string) => `/dashboard/jobs/${jobId}#${section}`;

/** "2 reports and 3 media files", "1 report". */
function deliverableCount(reportCount: number, mediaCount: number): string {
  const parts = [
    reportCount ? `${reportCount} ${reportCount === 1 ? "report" : "reports"}` : "",
    mediaCount ? `${mediaCount} ${mediaCount === 1 ? "media file" : "media files"}` : "",
  ];
  return parts.filter(Boolean).join(" and ");
}

/** The published reports and media of these jobs, counted per job (a delivered job's are all published). */
async function deliverablesOf(db: Database, jobIds: number[]): Promise<Map<number, { reports: number; media: number }>> {
  const counts = new Map(jobIds.map((jobId) => [jobId, { reports: 0, media: 0 }]));
  if (jobIds.length === 0) return counts;
  const [reportRows, mediaRows] = await Promise.all([
    db.select({ jobId: reports.jobId, n: count() }).from(reports).where(inArray(reports.jobId, jobIds)).groupBy(reports.jobId),
    db.select({ jobId: media.jobId, n: count() }).from(media).where(inArray(media.jobId, jobIds)).groupBy(media.jobId),
  ]);
  for (const row of reportRows) if (row.jobId !== null) counts.get(row.jobId)!.reports = row.n;
  for (const row of mediaRows) if (row.jobId !== null) counts.get(row.jobId)!.media = row.n;
  return counts;
}

/**
 * What waits for a customer on their own jobs (docs/decisions/0049-what-waits-for-a-customer.md),
 * the most pressing first: estimates to answer, deposits due, invoices with a balance (overdue
 * first, then by due day), upcoming flights (soonest first), then deliverables ready on a delivered
 * job not yet closed. Every figure is the one the estimate, invoice and job answers carry, read
 * through their own modules, never summed again here.
 */
export async function whatWaits(db: Database, timeZone: string, ownerId: number, jobId?: number, now = new Date()): Promise<WaitingItem[]> {
  const [ownJobs, estimates, openInvoices] = await Promise.all([
    listJobs(db, { owner: ownerId }),
    openEstimatesOf(db, timeZone, ownerId, jobId),
    readInvoices(db, timeZone, and(eq(jobs.userId, ownerId), eq(invoices.status, "open"), jobId === undefined ? undefined : eq(invoices.jobId, jobId)), now),
  ]);
  const jobsHere = ownJobs.filter((job) => jobId === undefined || job.id === jobId);
  const live = new Set(jobsHere.filter((job) => !isSettled(job.status)).map((job) => job.id));

  const answers: WaitingItem[] = [];
  const deposits: WaitingItem[] = [];
  for (const estimate of estimates) {
    if (!live.has(estimate.jobId)) continue;
    const name = estimateName(estimate);
    const about = { jobId: estimate.jobId, jobTitle: estimate.jobTitle, estimateId: estimate.id, currency: estimate.currency };
    // The shown status: a sent revision past its valid-until day reads expired and can no longer be accepted.
    if (estimate.status === "sent") {
      answers.push({
        kind: "estimate",
        ...about,
        sentence: `${name} is waiting for your answer.`,
        action: "Answer the estimate",
        href: `/dashboard/estimates/${estimate.id}`,
        total: estimate.total,
        validUntil: estimate.validUntil,
      });
    } else if (estimate.status === "accepted" && estimate.depositDue > 0) {
      deposits.push({
        kind: "deposit",
        ...about,
        sentence: `The deposit for ${name} is due.`,
        action: "Pay the deposit",
        // Its pay step: the checkout charges what is due of the deposit, whatever the address says.
        href: checkoutHref({ service: depositDescription(estimate.number, estimate.revision), amount: 0, estimateId: estimate.id }),
        amountDue: estimate.depositDue,
      });
    }
  }

  const bills: WaitingItem[] = openInvoices
    .filter((invoice) => invoice.balance > 0)
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.dueDate.localeCompare(b.dueDate))
    .map((invoice) => ({
      kind: "invoice",
      jobId: invoice.jobId,
      jobTitle: invoice.jobTitle,
      invoiceId: invoice.id,
      currency: invoice.currency,
      sentence: invoice.overdue ? `Invoice ${invoice.number} is overdue.` : `Invoice ${invoice.number} is waiting for payment.`,
      action: "Open the invoice",
      href: jobPage(invoice.jobId, "invoices-heading"),
      amountDue: invoice.balance,
      dueDate: invoice.dueDate,
      overdue: invoice.overdue,
    }));

  const flights: WaitingItem[] = jobsHere
    .flatMap((job) => (isComingFlight(job, now) && job.scheduledStart && job.scheduledEnd ? [{ job, start: job.scheduledStart, end: job.scheduledEnd }] : []))
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map(({ job, start, end }) => ({
      kind: "flight",
      jobId: job.id,
      jobTitle: job.title,
      sentence: "Your flight is scheduled.",
      action: "See the flight window",
      href: jobPage(job.id, "window-heading"),
      start,
      end,
      timeZone: job.timeZone,
    }));

  const delivered = jobsHere.filter((job) => job.status === "delivered");
  const counts = await deliverablesOf(
    db,
    delivered.map((job) => job.id),
  );
  const ready: WaitingItem[] = delivered.flatMap((job) => {
    const { reports: reportCount, media: mediaCount } = counts.get(job.id)!;
    if (reportCount + mediaCount === 0) return [];
    return [
      {
        kind: "deliverables" as const,
        jobId: job.id,
        jobTitle: job.title,
        sentence: `Your deliverables are ready: ${deliverableCount(reportCount, mediaCount)}.`,
        action: "Open the deliverables",
        href: jobPage(job.id, "deliverables-heading"),
        reports: reportCount,
        media: mediaCount,
      },
    ];
  });

  return [...answers, ...deposits, ...bills, ...flights, ...ready];
}
