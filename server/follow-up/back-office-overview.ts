import { eq } from "drizzle-orm";
import type { z } from "zod";
import { backOfficeJob, backOfficeTab, jobsInState } from "@common/back-office-links";
import type { adminOverviewSchema } from "@common/contract/overview";
import { fliesWithin } from "@common/flights";
import type { Database } from "../db/client";
import { invoices } from "../db/schema";
import { estimatesAwaitingAnswer } from "../estimates/read-estimates";
import { openCriticalFindings } from "../findings/read-findings";
import { readInvoices } from "../invoices/read-invoices";
import { type Actor, countJobsIn, listJobs } from "../jobs/read-jobs";
import { pendingRequests } from "../jobs/read-quotes";
import { depositsReceivedInMonth } from "../payments/read-payments";

type AdminOverview = z.output<typeof adminOverviewSchema>;
type Job = Awaited<ReturnType<typeof listJobs>>[number];

const sum = (amounts: readonly number[]): number => amounts.reduce((total, amount) => total + amount, 0);

/** The flights of the coming days by pilot: each pilot's soonest first, the pilot flying soonest first. */
function flightsByPilot(jobs: readonly Job[]): AdminOverview["flights"]["pilots"] {
  const pilots = new Map<number | null, AdminOverview["flights"]["pilots"][number]>();
  const soonestFirst = [...jobs].sort((a, b) => a.scheduledStart!.getTime() - b.scheduledStart!.getTime() || a.id - b.id);
  for (const job of soonestFirst) {
    const pilot = pilots.get(job.pilotId) ?? { pilotId: job.pilotId, pilotName: job.pilotName, flights: [] };
    pilot.flights.push({
      jobId: job.id,
      jobTitle: job.title,
      start: job.scheduledStart!,
      end: job.scheduledEnd!,
      timeZone: job.timeZone,
      href: backOfficeJob(job.id),
    });
    pilots.set(job.pilotId, pilot);
  }
  return [...pilots.values()];
}

/**
 * GET /api/admin/overview (docs/decisions/0057-back-office-home.md): what needs doing across the
 * business, each figure read through the module that computes it for its own list (the estimates'
 * totals and statuses, the invoices' balances and overdue flag, the jobs and their states), never
 * summed a second way here. Days and months are the business's (`timeZone`, BUSINESS_TIME_ZONE).
 */
export async function backOfficeOverview(db: Database, admin: Actor, timeZone: string, currency: string, now = new Date()): Promise<AdminOverview> {
  const [requests, estimates, openInvoices, deposits, inProgress, critical, scheduled] = await Promise.all([
    pendingRequests(db),
    estimatesAwaitingAnswer(db, timeZone, now),
    readInvoices(db, timeZone, eq(invoices.status, "open"), now),
    depositsReceivedInMonth(db, timeZone, now),
    countJobsIn(db, ["flown", "processing"]),
    openCriticalFindings(db),
    listJobs(db, { staff: admin }, { status: "scheduled" }),
  ]);
  const owed = openInvoices.filter((invoice) => invoice.balance > 0);
  const overdue = owed.filter((invoice) => invoice.overdue);
  const flights = scheduled.filter((job) => fliesWithin(job, now));
  // Estimates and invoices are read on their jobs' pages, and no back-office list gathers them: their
  // figures lead to the jobs board (docs/decisions/0057-back-office-home.md).
  const jobsBoard = backOfficeTab("jobs");
  return {
    currency,
    requests: { ...requests, href: backOfficeTab("quotes") },
    estimatesSent: { count: estimates.length, total: sum(estimates.map((estimate) => estimate.total)), href: jobsBoard },
    owed: { count: owed.length, total: sum(owed.map((invoice) => invoice.balance)), href: jobsBoard },
    overdue: { count: overdue.length, total: sum(overdue.map((invoice) => invoice.balance)), href: jobsBoard },
    deposits: { month: deposits.month, count: deposits.amounts.length, total: sum(deposits.amounts), href: backOfficeTab("payments") },
    jobsInProgress: {
      count: inProgress.flown + inProgress.processing,
      href: jobsBoard,
      flown: { count: inProgress.flown, href: jobsInState("flown") },
      processing: { count: inProgress.processing, href: jobsInState("processing") },
    },
    criticalFindings: {
      count: sum(critical.map((job) => job.count)),
      href: jobsBoard,
      jobs: critical.map((job) => ({ ...job, href: backOfficeJob(job.jobId) })),
    },
    flights: { count: flights.length, href: backOfficeTab("calendar", { view: "week" }), pilots: flightsByPilot(flights) },
  };
}
