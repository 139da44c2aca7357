import type { AdminOverview } from "@common/contract/overview";
import { formatMoney } from "@common/money";
import { formatDate } from "@/lib/format";
import { dateFormat } from "@/lib/intl-on-first-use";

/** A link inside a figure's card: a part of the figure (the jobs in one state, one job's findings). */
interface FigureLink {
  href: string;
  label: string;
}

/** One card of the home: its big number, what it counts, a line of detail, and the list behind it. */
export interface HomeFigure {
  key: string;
  count: number;
  /** What the number counts, read after it: "quote requests waiting for an answer". */
  label: string;
  detail: string;
  href: string;
  /** Something the business has to act on while the count is above zero (a deposit received is news, not work). */
  toDo: boolean;
  /** Shown in the warning colour while above zero: money late, a critical fault. */
  urgent: boolean;
  links: FigureLink[];
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

const monthFormat = dateFormat({ month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11" as "November 2026". */
const monthLabel = (month: string) => monthFormat().format(new Date(`${month}-01T12:00:00Z`));

/**
 * The figures as cards, in the order of what needs doing first: the money already late, the
 * requests waiting for an answer, the critical faults, the jobs to process or deliver, the estimates
 * the customers have still to answer, the money owed; figures with nothing in them after those that
 * have something, and the month's deposits, which ask for nothing, last.
 */
export function homeFigures(overview: AdminOverview): HomeFigure[] {
  const money = (cents: number) => formatMoney(cents, overview.currency.toUpperCase());
  const { overdue, requests, criticalFindings, jobsInProgress, estimatesSent, owed, deposits } = overview;
  const figures: HomeFigure[] = [
    {
      key: "overdue",
      count: overdue.count,
      label: plural(overdue.count, "overdue invoice", "overdue invoices"),
      detail: `${money(overdue.total)} past due`,
      href: overdue.href,
      toDo: true,
      urgent: true,
      links: [],
    },
    {
      key: "requests",
      count: requests.count,
      label: plural(requests.count, "quote request waiting for an answer", "quote requests waiting for an answer"),
      detail: requests.oldest ? `The oldest came on ${formatDate(requests.oldest)}` : "Every request has its answer",
      href: requests.href,
      toDo: true,
      urgent: false,
      links: [],
    },
    {
      key: "critical-findings",
      count: criticalFindings.count,
      label: plural(criticalFindings.count, "open critical finding", "open critical findings"),
      detail: criticalFindings.count ? "On the jobs below" : "No critical fault waits for a repair",
      href: criticalFindings.href,
      toDo: true,
      urgent: true,
      links: criticalFindings.jobs.map((job) => ({ href: job.href, label: `${job.jobTitle} (job #${job.jobId}): ${job.count}` })),
    },
    {
      key: "jobs-in-progress",
      count: jobsInProgress.count,
      label: plural(jobsInProgress.count, "job to process or deliver", "jobs to process or deliver"),
      detail: "Flown jobs wait for processing, processing jobs for delivery",
      href: jobsInProgress.href,
      toDo: true,
      urgent: false,
      links: [
        { href: jobsInProgress.flown.href, label: `${jobsInProgress.flown.count} flown` },
        { href: jobsInProgress.processing.href, label: `${jobsInProgress.processing.count} processing` },
      ],
    },
    {
      key: "estimates-sent",
      count: estimatesSent.count,
      label: plural(estimatesSent.count, "estimate waiting for the customer", "estimates waiting for the customer"),
      detail: `${money(estimatesSent.total)} in all`,
      href: estimatesSent.href,
      toDo: true,
      urgent: false,
      links: [],
    },
    {
      key: "owed",
      count: owed.count,
      label: plural(owed.count, "open invoice", "open invoices"),
      detail: `${money(owed.total)} owed`,
      href: owed.href,
      toDo: true,
      urgent: false,
      links: [],
    },
    {
      key: "deposits",
      count: deposits.count,
      label: `${plural(deposits.count, "deposit", "deposits")} received in ${monthLabel(deposits.month)}`,
      detail: `${money(deposits.total)} received`,
      href: deposits.href,
      toDo: false,
      urgent: false,
      links: [],
    },
  ];
  const waits = (figure: HomeFigure) => figure.toDo && figure.count > 0;
  // A stable sort: within each group the order above holds.
  return figures.sort((a, b) => Number(waits(b)) - Number(waits(a)) || Number(b.toDo) - Number(a.toDo));
}
