// Where a quote request stands, and what its customer reads of a declined one. Plain data, without
// zod, so the dashboard's quote cards do not load the validation library.

export const QUOTE_STATUSES = ["pending", "accepted", "declined", "completed"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** What a customer reads of a declined request (docs/product.md §4), on the dashboard and in the decline mail. */
export const QUOTE_DECLINED_NOTE = "We're unable to take on this request right now. Feel free to submit a new one or contact us.";

/** Goes before the admin's reason, where the customer reads it. */
export const DECLINE_REASON_LEAD = "A word from our team:";
