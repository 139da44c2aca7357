// Addresses inside the back office (the "/admin-dashboard" route of common/routes.ts) that the
// server hands out with its overview's figures, each the list behind a figure. Plain data.
import type { JobStatus } from "./job-status";

const BACK_OFFICE = "/admin-dashboard";

/** A tab of /admin-dashboard (its `?tab=` value), with the filters that tab reads from the address. */
export function backOfficeTab(tab: string, filters: Readonly<Record<string, string>> = {}): string {
  return `${BACK_OFFICE}?${new URLSearchParams({ tab, ...filters }).toString()}`;
}

/** The jobs board showing the jobs in one state. */
export const jobsInState = (status: JobStatus): string => backOfficeTab("jobs", { status });

/** The back office's page of one job. */
export const backOfficeJob = (jobId: number): string => `${BACK_OFFICE}/jobs/${jobId}`;
