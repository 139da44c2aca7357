import { readTypedDollars } from "@common/money";
import { formatBusinessMoney } from "@/lib/format";
import { isQuotePrice, QUOTE_PRICE_CENTS } from "@common/quotes";

export const quotePriceMessage = () =>
  `Enter a price from ${formatBusinessMoney(QUOTE_PRICE_CENTS.min)} to ${formatBusinessMoney(QUOTE_PRICE_CENTS.max)}, or leave it empty`;

/** What the approve dialog's price field holds: nothing, a price in cents, or text to refuse with the reason. */
export type QuotePriceReading = { kind: "empty" } | { kind: "price"; cents: number } | { kind: "refused"; message: string };

/** The price field's text as the approve dialog reads it: "3,850", "$3,850.00", " 3 850 " are all 385000 cents. */
export function readQuotePrice(text: string): QuotePriceReading {
  if (text.trim() === "") return { kind: "empty" };
  const read = readTypedDollars(text);
  if (!read.ok) return { kind: "refused", message: read.message };
  return isQuotePrice(read.cents) ? { kind: "price", cents: read.cents } : { kind: "refused", message: quotePriceMessage() };
}

/** What the field says under itself before anything is sent: the amount it understood ("Understood as $3,850.00"). */
export const understoodAs = (cents: number): string => `Understood as ${formatBusinessMoney(cents)}`;
