/**
 * History states with which another screen hands over to the dashboard on one of its tabs while
 * the address stays /dashboard: /request-quote after a submission (My Quotes), a job's page on its
 * way back (Jobs).
 */
export const SHOW_MY_QUOTES_STATE = { dashboardTab: "quotes" } as const;
export const SHOW_JOBS_STATE = { dashboardTab: "jobs" } as const;

const TABS: readonly string[] = [SHOW_MY_QUOTES_STATE.dashboardTab, SHOW_JOBS_STATE.dashboardTab];

/** The dashboard tab a history state asks for, if any. */
export function requestedDashboardTab(historyState: unknown): string | undefined {
  if (typeof historyState !== "object" || historyState === null || !("dashboardTab" in historyState)) return undefined;
  const tab = historyState.dashboardTab;
  return typeof tab === "string" && TABS.includes(tab) ? tab : undefined;
}
