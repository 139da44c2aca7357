/**
 * History states with which another screen hands over to the dashboard on one of its tabs while
 * the address stays /dashboard: /request-quote after a submission (My Quotes), a job's page on its
 * way back (Jobs), the checkout after an invoice is paid (Payments).
 */
export const SHOW_MY_QUOTES_STATE = { dashboardTab: "quotes" } as const;
export const SHOW_JOBS_STATE = { dashboardTab: "jobs" } as const;
/** The checkout after an invoice is paid: its receipt and the invoice now paid. */
export const SHOW_PAYMENTS_STATE = { dashboardTab: "payments" } as const;

const TABS: readonly string[] = [SHOW_MY_QUOTES_STATE.dashboardTab, SHOW_JOBS_STATE.dashboardTab, SHOW_PAYMENTS_STATE.dashboardTab];

/** The dashboard tab a history state asks for, if any. */
export function requestedDashboardTab(historyState: unknown): string | undefined {
  if (typeof historyState !== "object" || historyState === null || !("dashboardTab" in historyState)) return undefined;
  const tab = historyState.dashboardTab;
  return typeof tab === "string" && TABS.includes(tab) ? tab : undefined;
}
