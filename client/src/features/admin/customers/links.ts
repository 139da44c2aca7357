/** The page of one account (the "/admin-dashboard/customers/:id" route of common/routes.ts). */
export const customerPath = (id: number): string => `/admin-dashboard/customers/${id}`;

/** The back office's page of one job (the "/admin-dashboard/jobs/:id" route). */
export const adminJobPath = (id: number): string => `/admin-dashboard/jobs/${id}`;

/** The back office opened on its Customers tab: where the customer page leads back to. */
export const CUSTOMERS_TAB_PATH = "/admin-dashboard?tab=customers";
