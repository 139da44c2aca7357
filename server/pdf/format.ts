import type { DocumentCustomer, DocumentLine, DocumentPaymentMethod } from "./types";

/**
 * How the documents write amounts, quantities, rates, dates and payment methods: US English, as the
 * rest of the product. Formatting only: every figure arrives computed (docs/decisions/0024-pdf-documents.md).
 */

const quantityFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

/** "40 acre", "2.5 hour", "1,200": the quantity as given (at most 3 decimals) with its unit. */
export function formatQuantity(line: Pick<DocumentLine, "quantity" | "unit">): string {
  const quantity = quantityFormat.format(line.quantity);
  return line.unit ? `${quantity} ${line.unit}` : quantity;
}

const percentFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** A percentage with at most 2 decimals: 30 is "30%", 33.33 is "33.33%". */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}

/** Basis points as a percentage: 825 is "8.25%", 0 is "0%". */
export function formatRate(basisPoints: number): string {
  return formatPercent(basisPoints / 100);
}

const calendarDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "2026-03-01" as "March 1, 2026": a calendar date, the same wherever it is read. */
export function formatDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const at = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!at || at.toISOString().slice(0, 10) !== date) throw new RangeError(`A calendar date is YYYY-MM-DD, not ${JSON.stringify(date)}`);
  return calendarDateFormat.format(at);
}

/** A moment in the business's zone, with the zone said: "March 3, 2026 at 10:15 AM GMT+1". */
export function formatInstant(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  }).format(at);
}

/** "Visa •••• 4242", "Card •••• 4242", "Card" (digits not known), "Bank transfer", "Cheque", "Cash". */
export function formatPaymentMethod(method: DocumentPaymentMethod): string {
  switch (method.kind) {
    case "card":
      return `${method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : "Card"}${method.last4 ? ` •••• ${method.last4}` : ""}`;
    case "bank_transfer":
      return "Bank transfer";
    case "cheque":
      return "Cheque";
    case "cash":
      return "Cash";
  }
}

/** The buyer as an estimate, invoice or credit note names them: name, company, each line of the billing address, e-mail; what they left empty is left out. */
export function buyerLines(customer: DocumentCustomer): string[] {
  const address = (customer.billingAddress ?? "").split(/\r?\n/).map((line) => line.trim());
  return [customer.name, customer.company ?? "", ...address, customer.email].filter(Boolean);
}
