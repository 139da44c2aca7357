import { z } from "zod";

/** Whole US dollars an admin may quote when approving (the server takes 100..10,000,000 cents). */
export const QUOTE_PRICE_LIMITS = { min: 1, max: 100_000 } as const;

export const QUOTE_PRICE_MESSAGE = "Enter a whole-dollar price from $1 to $100,000, or leave it empty";

/** The approve dialog's form: an optional whole-dollar price, typed as text. */
export const approveQuoteSchema = z.object({
  price: z
    .string()
    .trim()
    .refine((value) => {
      if (value === "") return true;
      if (!/^\d+$/.test(value)) return false;
      const dollars = Number(value);
      return dollars >= QUOTE_PRICE_LIMITS.min && dollars <= QUOTE_PRICE_LIMITS.max;
    }, QUOTE_PRICE_MESSAGE),
});
export type ApproveQuoteForm = z.infer<typeof approveQuoteSchema>;

/** "250" → 25000 cents; empty → no price. */
export function dollarsToCents(price: string): number | undefined {
  const value = price.trim();
  return value === "" ? undefined : Number(value) * 100;
}
