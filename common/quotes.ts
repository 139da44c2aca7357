import { z } from "zod";
import { oneLine } from "./one-line";

/** A quote request travels as a contact message starting with this line (docs/product.md §3). */
export const QUOTE_PREFIX = "CUSTOM QUOTE REQUEST:";
const NOT_SPECIFIED = "Not specified";

export const QUOTE_MISSING_FIELDS = "Missing fields: Please fill in the service type and project description";

export const quoteFormSchema = z.object({
  serviceType: oneLine("Service type").min(1, QUOTE_MISSING_FIELDS).max(100),
  description: z.string().trim().min(1, QUOTE_MISSING_FIELDS).max(5_000, "Description is too long"),
  budget: oneLine("Budget").max(200, "Budget is too long").optional().default(""),
  timeline: oneLine("Timeline").max(200, "Timeline is too long").optional().default(""),
});
export type QuoteForm = z.input<typeof quoteFormSchema>;

/** What an admin may quote when accepting: from $1 to $100,000, to the cent (the API carries cents). */
export const QUOTE_PRICE_CENTS = { min: 100, max: 10_000_000 } as const;

/** Whether `cents` is a price an admin may quote: whole cents within QUOTE_PRICE_CENTS. */
export const isQuotePrice = (cents: number): boolean => Number.isInteger(cents) && cents >= QUOTE_PRICE_CENTS.min && cents <= QUOTE_PRICE_CENTS.max;

export const QUOTE_PRICE_RULE = "price must be from $1.00 to $100,000.00, in whole cents (100 to 10000000)";

/** The price of PATCH /api/admin/quotes/:id, in cents. */
export const quotePriceSchema = z.number({ message: QUOTE_PRICE_RULE }).refine(isQuotePrice, QUOTE_PRICE_RULE);

/** A decline's reason is optional: most declines need no more than the polite note the customer already reads. */
export const DECLINE_REASON_MAX = 500;
export const DECLINE_REASON_RULE = `reason is at most ${DECLINE_REASON_MAX} characters`;

/** The reason of PATCH /api/admin/quotes/:id, shown to the customer with their declined quote; blank is none. */
export const declineReasonSchema = z.string({ message: DECLINE_REASON_RULE }).trim().max(DECLINE_REASON_MAX, DECLINE_REASON_RULE);

export interface ParsedQuote {
  serviceType: string;
  description: string;
  budget: string;
  timeline: string;
}

/** Writes the message both quote forms send to POST /api/contact (docs/product.md §3). */
export function formatQuoteMessage(quote: QuoteForm): string {
  return [
    QUOTE_PREFIX,
    `Service: ${quote.serviceType.trim()}`,
    `Description: ${quote.description.trim()}`,
    `Budget: ${quote.budget?.trim() || NOT_SPECIFIED}`,
    `Timeline: ${quote.timeline?.trim() || NOT_SPECIFIED}`,
  ].join("\n");
}

export function isQuoteMessage(message: string): boolean {
  return message.trimStart().startsWith(QUOTE_PREFIX);
}

/**
 * Reads a quote message back into its fields. The description may span several lines: it runs
 * until the Budget line.
 */
export function parseQuoteMessage(message: string): ParsedQuote | null {
  if (!isQuoteMessage(message)) return null;
  const body = message.trimStart().slice(QUOTE_PREFIX.length);
  const field = (name: string, next: string | null) => {
    const pattern = new RegExp(`(?:^|\\n)${name}:[ \\t]*([\\s\\S]*?)${next ? `(?=\\n${next}:)` : "$"}`);
    return pattern.exec(body)?.[1]?.trim() ?? "";
  };
  const serviceType = field("Service", "Description");
  const description = field("Description", "Budget");
  if (!serviceType || !description) return null;
  const budget = field("Budget", "Timeline");
  const timeline = field("Timeline", null);
  return {
    serviceType,
    description,
    budget: budget && budget !== NOT_SPECIFIED ? budget : "",
    timeline: timeline && timeline !== NOT_SPECIFIED ? timeline : "",
  };
}
