// Who an account is to the business, and how the back office names it. Plain data, without zod, so
// a screen that only shows a role (the customer's page) does not load the validation library.

/** A pilot flies the jobs assigned to them and sees only those (docs/product.md §10). */
export const ROLES = ["customer", "admin", "pilot"] as const;
export type Role = (typeof ROLES)[number];

/** How the back office names each role. */
export const ROLE_LABELS: Record<Role, string> = { customer: "Customer", pilot: "Pilot", admin: "Admin" };
