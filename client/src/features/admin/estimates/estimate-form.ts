import type { Estimate } from "@common/contract/estimates";
import type { PriceListItem } from "@common/contract/price-list";
import { addDays, calendarDateIn } from "@common/calendar-date";
import { estimateSchema } from "@common/estimates";
import { estimateTotals, lineAmount, MoneyRuleError, moneyMessages } from "@common/money";
import { centsFromDollars, DOLLARS_MESSAGE } from "../money-input";

/**
 * The estimate builder's form (docs/decisions/0026-quote-to-cash.md) as the admin types it, every
 * number as text, and the body POST /api/admin/estimates takes, dollars turned into integer cents.
 * The browser checks the body with the server's own schema (common/estimates.ts) to answer at once;
 * the server checks it again and decides every figure.
 */

/** An estimate stays open for this many days unless the admin sets another date. */
const VALID_DAYS = 30;

export interface LineValues {
  description: string;
  quantity: string;
  unit: string;
  /** Dollars, as typed ("45", "1,250.50"). */
  unitPrice: string;
  optional: boolean;
  /** The price list item the line was made from; null for a line typed from scratch. */
  priceListItemId: number | null;
}

type DepositKind = "percent" | "amount";

export interface EstimateValues {
  lines: LineValues[];
  /** Dollars, empty for none. */
  discount: string;
  depositKind: DepositKind;
  /** A percent ("30") or dollars, after depositKind. */
  depositValue: string;
  validUntil: string;
  note: string;
}

export type EstimateBody = {
  jobId: number;
  lines: { description: string; quantity: number; unit: string; unitPrice: number; optional: boolean; priceListItemId?: number }[];
  discount: number;
  deposit: { percent: number } | { amount: number };
  validUntil: string;
  note: string;
};

/** Today as the admin's browser reads it; the server checks the date again on the business's day. */
export const browserToday = (): string => calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

export const blankLine = (): LineValues => ({ description: "", quantity: "1", unit: "", unitPrice: "", optional: false, priceListItemId: null });

/** A line nothing has been typed into yet: a price list item takes its place rather than adding one below it. */
export const isBlankLine = (line: LineValues): boolean => line.description.trim() === "" && line.unitPrice.trim() === "" && line.priceListItemId === null;

/**
 * A line made from a price list item: its description, unit and price copied in for the admin to
 * change for this customer, one of its unit to start with. The line keeps its own figures from then
 * on (docs/decisions/0056-price-list.md).
 */
export const lineFromItem = (item: Pick<PriceListItem, "id" | "description" | "unit" | "unitPrice">): LineValues => ({
  description: item.description,
  quantity: "1",
  unit: item.unit,
  unitPrice: dollarsText(item.unitPrice),
  optional: false,
  priceListItemId: item.id,
});

/** A line priced by the acre of the site its customer drew; the admin sets the price. */
export const areaLine = (area: { acres: number }): LineValues => ({
  description: "Site area",
  quantity: area.acres.toFixed(2),
  unit: "acre",
  unitPrice: "",
  optional: false,
  priceListItemId: null,
});

export function newEstimateValues(today: string): EstimateValues {
  return { lines: [blankLine()], discount: "", depositKind: "percent", depositValue: "0", validUntil: addDays(today, VALID_DAYS), note: "" };
}

/** Cents as the dollars a field shows: 4500 → "45.00". */
export const dollarsText = (cents: number): string => (cents / 100).toFixed(2);

/**
 * A revision starts from the revision it replaces: its lines, discount, deposit and note; its
 * valid-until date when still ahead, else a fresh one.
 */
export function valuesFromEstimate(estimate: Estimate, today: string): EstimateValues {
  return {
    lines: estimate.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unit: line.unit,
      unitPrice: dollarsText(line.unitPrice),
      optional: line.optional,
      priceListItemId: line.priceListItemId,
    })),
    discount: estimate.discount ? dollarsText(estimate.discount) : "",
    depositKind: estimate.depositPercent === null ? "amount" : "percent",
    depositValue: estimate.depositPercent === null ? dollarsText(estimate.depositAmount) : String(estimate.depositPercent),
    validUntil: estimate.validUntil >= today ? estimate.validUntil : addDays(today, VALID_DAYS),
    note: estimate.note,
  };
}

/** A typed number: empty or unreadable text becomes NaN, which the schema refuses with its message. */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** The body's path of each field a form error can sit under ("lines.1.unitPrice", "deposit.percent"). */
export type ErrorMap = Record<string, string>;

/**
 * The body to send, or the errors of the fields whose dollars cannot be read. Keys are the body's
 * paths, as the server names its errors, so one mapping places both (formFieldOf).
 */
export function toEstimateBody(jobId: number, values: EstimateValues): { body: EstimateBody; errors: ErrorMap } {
  const errors: ErrorMap = {};
  const cents = (text: string, path: string, emptyIs?: number): number => {
    if (text.trim() === "" && emptyIs !== undefined) return emptyIs;
    const value = centsFromDollars(text);
    if (value === null) errors[path] = DOLLARS_MESSAGE;
    return value ?? Number.NaN;
  };
  const lines = values.lines.map((line, index) => ({
    description: line.description,
    quantity: numberOf(line.quantity),
    unit: line.unit,
    unitPrice: cents(line.unitPrice, `lines.${index}.unitPrice`),
    optional: line.optional,
    ...(line.priceListItemId === null ? {} : { priceListItemId: line.priceListItemId }),
  }));
  const deposit = values.depositKind === "percent" ? { percent: numberOf(values.depositValue) } : { amount: cents(values.depositValue, "deposit.amount") };
  const body = { jobId, lines, discount: cents(values.discount, "discount", 0), deposit, validUntil: values.validUntil, note: values.note };
  return { body, errors };
}

/**
 * The server's refusals the browser can tell before sending, by the same schema and messages. With
 * the business's tax rate unknown (a first estimate), a fixed deposit is not held against the total:
 * tax may raise the total above it, and the server, which knows the rate, decides.
 */
export function checkEstimate(body: EstimateBody, taxRateBasisPoints: number | null, today: string): ErrorMap {
  const checked = estimateSchema({ taxRateBasisPoints: taxRateBasisPoints ?? 0, today: () => today }).safeParse(body);
  if (checked.success) return {};
  const errors: ErrorMap = {};
  for (const issue of checked.error.issues) {
    if (taxRateBasisPoints === null && issue.message === moneyMessages.depositAboveTotal) continue;
    const path = issue.path.join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The form field that shows the error at a body path; "" for the lines as a whole; undefined for none shown. */
export function formFieldOf(path: string): string | undefined {
  if (path === "deposit" || path.startsWith("deposit.")) return "depositValue";
  if (path === "discount" || path === "validUntil" || path === "note") return path;
  if (path === "lines") return "";
  const line = /^lines\.(\d+)\.(description|quantity|unit|unitPrice|optional)$/.exec(path);
  return line ? `lines.${line[1]}.${line[2]}` : path.startsWith("lines.") ? "" : undefined;
}

/** What the builder shows as the admin types: figures in cents, null where the typing does not make one yet. */
export interface LiveTotals {
  /** The required lines. */
  subtotal: number | null;
  /** Every optional line, were the customer to tick them all. */
  optional: number | null;
  discount: number | null;
  /** Known only with the business's rate. */
  tax: number | null;
  total: number | null;
  deposit: number | null;
}

const lineCents = (line: EstimateBody["lines"][number]): number | null => {
  try {
    return lineAmount(line);
  } catch {
    return null;
  }
};

/**
 * The totals of the body as typed, by common/money.ts, for display only: the server computes the
 * ones it keeps. Without the tax rate, tax, total and a percentage deposit stay unknown.
 */
export function liveTotals(body: EstimateBody, taxRateBasisPoints: number | null): LiveTotals {
  const sum = (lines: EstimateBody["lines"]): number | null => {
    let total = 0;
    for (const line of lines) {
      const amount = lineCents(line);
      if (amount === null) return null;
      total += amount;
    }
    return total;
  };
  const subtotal = sum(body.lines.filter((line) => !line.optional));
  const optional = sum(body.lines.filter((line) => line.optional));
  const discount = Number.isSafeInteger(body.discount) && body.discount >= 0 ? body.discount : null;
  const known = { subtotal, optional, discount, tax: null, total: null, deposit: null };
  if (subtotal === null || discount === null) return known;
  const fixed = "amount" in body.deposit && Number.isSafeInteger(body.deposit.amount) ? body.deposit.amount : null;
  if (taxRateBasisPoints === null) return { ...known, deposit: fixed };
  const required = body.lines.filter((line) => !line.optional);
  let charge: { tax: number; total: number };
  try {
    charge = estimateTotals({ lines: required, discount, deposit: { amount: 0 } }, { taxRateBasisPoints });
  } catch (error) {
    if (!(error instanceof MoneyRuleError)) throw error;
    return { ...known, deposit: fixed };
  }
  let deposit: number | null = null;
  try {
    deposit = estimateTotals({ lines: required, discount, deposit: body.deposit }, { taxRateBasisPoints }).depositAmount;
  } catch (error) {
    // A deposit typed out of range: no figure until it reads right.
    if (!(error instanceof MoneyRuleError || error instanceof RangeError)) throw error;
  }
  return { ...known, tax: charge.tax, total: charge.total, deposit };
}
