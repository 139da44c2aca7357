/** The dashboard's tabs by their address names (`?tab=`), in SPEC's order (docs/product.md §2). */
export const DASHBOARD_TABS = ["subscriptions", "jobs", "reports", "media", "quotes", "payments"] as const;

/**
 * The tab /dashboard opens on when its address names none: the one another screen handed over with
 * (lib/show-my-quotes.ts), else Jobs when something waits for the customer, else Subscriptions,
 * SPEC's first (docs/decisions/0049-what-waits-for-a-customer.md). Undefined while what waits is
 * still being read; a failed read opens on Subscriptions, as before anything waited.
 */
export function openingTab(handedOver: string | undefined, waiting: { isPending: boolean; data?: readonly unknown[] | undefined }): string | undefined {
  if (handedOver) return handedOver;
  if (waiting.isPending) return undefined;
  return waiting.data?.length ? "jobs" : "subscriptions";
}
