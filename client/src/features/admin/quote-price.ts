import { z } from "zod";
import { isQuotePrice, QUOTE_PRICE_DOLLARS } from "@common/quotes";

const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;

const QUOTE_PRICE_MESSAGE = `Enter a whole-dollar price from ${dollars(QUOTE_PRICE_DOLLARS.min)} to ${dollars(QUOTE_PRICE_DOLLARS.max)}, or leave it empty`;

/** "250" → 25000 cents; empty → no price. */
export function dollarsToCents(price: string): number | undefined {
  const value = price.trim();
  return value === "" ? undefined : Number(value) * 100;
}

/** The approve dialog's form: an optional price in whole dollars, typed as text, checked by the server's rule. */
export const approveQuoteSchema = z.object({
  price: z
    .string()
    .trim()
    .refine((value) => value === "" || (/^\d+$/.test(value) && isQuotePrice(Number(value) * 100)), QUOTE_PRICE_MESSAGE),
});
export type ApproveQuoteForm = z.infer<typeof approveQuoteSchema>;
