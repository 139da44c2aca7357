// The back office keeps where one is in the address (docs/product.md §2): the tab, the board's
// filters and the calendar's month or week, so a reload, Back and Forward, and a link opened in a
// new tab all land on the same view. A job's page remembers, in its history entry, the list it was
// opened from, and its Back goes there.
import type { ReactNode } from "react";
import { Link, useLocation, useSearch, useSearchParams } from "wouter";
import { JOB_STATUSES, type JobStatus } from "@common/job-status";
import { type JobFilters, NO_JOB_FILTERS } from "./api/get-admin-jobs";

const DASHBOARD = "/admin-dashboard";

const jobHref = (jobId: number): string => `${DASHBOARD}/jobs/${jobId}`;

/** The history state of a job's page: the address of the list it was opened from. */
interface OpenedFrom {
  backTo: string;
}

/** The address here (path and query), which a job opened from this list returns to. */
function useHere(): string {
  const [path] = useLocation();
  const search = useSearch();
  return search ? `${path}?${search}` : path;
}

/** A link to a job's page: a real link (open in a new tab works) whose page comes back here. */
export function JobLink({ jobId, className, children }: { jobId: number; className?: string; children: ReactNode }) {
  const state: OpenedFrom = { backTo: useHere() };
  return (
    <Link href={jobHref(jobId)} state={state} className={className}>
      {children}
    </Link>
  );
}

/** Opens a job's page from code (a job just created), coming back here as JobLink does. */
export function useOpenJob(): (jobId: number) => void {
  const here = useHere();
  const [, navigate] = useLocation();
  return (jobId) => navigate(jobHref(jobId), { state: { backTo: here } satisfies OpenedFrom });
}

/** The list a job's page goes back to, and what its link says. */
export interface ListAddress {
  href: string;
  label: string;
}

/** Where a job's Back goes, read from its history state: the board or the calendar it came from; the board when opened directly. */
export function backToList(historyState: unknown): ListAddress {
  const backTo =
    typeof historyState === "object" && historyState !== null && "backTo" in historyState && typeof historyState.backTo === "string" ? historyState.backTo : "";
  // Only an address of the dashboard itself: a state is the page's own, but stays a string from history.
  const href = backTo === DASHBOARD || backTo.startsWith(`${DASHBOARD}?`) ? backTo : `${DASHBOARD}?tab=jobs`;
  const tab = new URLSearchParams(href.slice(DASHBOARD.length)).get("tab");
  return { href, label: tab === "calendar" ? "Back to the calendar" : "All jobs" };
}

const isStatus = (value: string): value is JobStatus => (JOB_STATUSES as readonly string[]).includes(value);

/**
 * Writes values into the address's query (an empty value removes its key), keeping the others. It
 * replaces the history entry rather than adding one, so Back leaves the view instead of undoing
 * each filter.
 */
function useQueryPatch(): [URLSearchParams, (patch: Partial<Record<string, string>>) => void] {
  const [params, setParams] = useSearchParams();
  const patch = (values: Partial<Record<string, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return [params, patch];
}

/** The board's filters, read from and written to the address. */
export function useBoardFilters(): [JobFilters, (patch: Partial<JobFilters>) => void] {
  const [params, patch] = useQueryPatch();
  const filters: JobFilters = { ...NO_JOB_FILTERS };
  for (const key of Object.keys(NO_JOB_FILTERS) as (keyof JobFilters)[]) {
    const value = params.get(key) ?? "";
    if (key === "status") filters.status = isStatus(value) ? value : "";
    else filters[key] = value;
  }
  return [filters, patch];
}

/** One value of the address's query (the calendar's view and day), and its setter. */
export function useAddressParam(key: string): [string, (value: string) => void] {
  const [params, patch] = useQueryPatch();
  return [params.get(key) ?? "", (value) => patch({ [key]: value })];
}
