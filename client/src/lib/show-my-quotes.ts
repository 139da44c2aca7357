/**
 * History state with which /request-quote hands over to the dashboard after a submission, so the
 * dashboard opens on My Quotes while the address stays /dashboard.
 */
export const SHOW_MY_QUOTES_STATE = { dashboardTab: "quotes" } as const;

export function wantsMyQuotes(historyState: unknown): boolean {
  return (
    typeof historyState === "object" &&
    historyState !== null &&
    "dashboardTab" in historyState &&
    historyState.dashboardTab === SHOW_MY_QUOTES_STATE.dashboardTab
  );
}
