// How a payment was made, as the server stores it and people read it. Plain data, without zod, so
// the dashboard's payments table does not load the validation library.

/** How money came: by card through the provider, or recorded by an admin. */
export const PAYMENT_METHODS = ["card", "bank_transfer", "cheque", "cash"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const OFFLINE_PAYMENT_METHODS = ["bank_transfer", "cheque", "cash"] as const satisfies readonly PaymentMethod[];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: "Card", bank_transfer: "Bank transfer", cheque: "Cheque", cash: "Cash" };
