/**
 * How estimates and invoices count money (docs/decisions/0023-money-rounding.md): integer cents
 * throughout, and every amount that needs rounding (a line's quantity times its price, tax, a
 * percentage deposit) rounded by the one rule of roundedShare. The server computes every total
 * here and never reads one sent by the browser.
 */

/**
 * The most an estimate or an invoice may add up to: $999,999.99, the largest amount Stripe takes in
 * one USD charge, so a deposit or a balance is always one payment. It also keeps every stored
 * amount inside a PostgreSQL integer and every sum far below Number.MAX_SAFE_INTEGER.
 */
export const MAX_TOTAL_CENTS = 99_999_999;

/** Quantities have at most 3 decimals (2.5 hours, 40.125 acres); deposit percentages 2 (33.33 %). */
export const QUANTITY_DECIMALS = 3;
export const PERCENT_DECIMALS = 2;

/** Tax rates and deposit percentages are counted in basis points: 1 % is 100, 100 % is 10,000. */
const WHOLE_BASIS_POINTS = 10_000;
const THOUSANDTHS = 10 ** QUANTITY_DECIMALS;

export const moneyMessages = {
  totalMax: "An estimate totals at most $999,999.99, every optional item ticked",
  discountAboveSubtotal: "The discount cannot be more than the subtotal",
  depositAboveTotal: "The deposit cannot be more than the total",
  optionalLineIds: "Tick only this estimate's optional items",
} as const;

/** A money rule an estimate breaks, naming the field at fault as a 400's `errors` does ("discount", "deposit.amount"). */
export class MoneyRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "MoneyRuleError";
  }
}

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * amount × numerator / denominator, rounded to a whole cent with halves away from zero. The amounts
 * of an estimate are never negative, so a half goes up: 0.5 cent is 1 cent, 0.4999 is 0. The product
 * is taken in BigInt, never in floating point, so it is exact however large it grows.
 */
export function roundedShare(amount: number, numerator: number, denominator: number): number {
  if (!isCount(amount) || !isCount(numerator) || !isCount(denominator) || denominator === 0) {
    throw new RangeError(`roundedShare takes whole numbers of at least 0 (and a denominator above 0): ${amount} × ${numerator} / ${denominator}`);
  }
  const product = BigInt(amount) * BigInt(numerator);
  const divisor = BigInt(denominator);
  const quotient = product / divisor;
  const rounded = (product % divisor) * 2n >= divisor ? quotient + 1n : quotient;
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${amount} × ${numerator} / ${denominator} is beyond Number.MAX_SAFE_INTEGER`);
  return Number(rounded);
}

/**
 * A decimal number of at most `decimals` places as a whole count of its smallest step (2.5 with 3
 * places is 2500 thousandths); null when it has more places. A value has 3 places when it is the
 * number JSON reads for one: 1.005 has, 0.1 + 0.2 (0.30000000000000004) has not.
 */
export function scaledInteger(value: number, decimals: number): number | null {
  const scale = 10 ** decimals;
  const scaled = Math.round(value * scale);
  return Number.isSafeInteger(scaled) && scaled / scale === value ? scaled : null;
}

type Deposit = { percent: number } | { amount: number };

/** What the totals read of a line; `id` is the stored line's, by which the customer ticks optional ones. */
interface PricedLine {
  id?: number;
  quantity: number;
  unitPrice: number;
  optional?: boolean;
}

interface Charge {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

interface TotalsOptions {
  /** The business's tax rate when the estimate was sent, in basis points (825 is 8.25 %); 0 by default. */
  taxRateBasisPoints?: number;
  /** The optional lines the customer ticked, by id; none by default (the estimate as sent). */
  chosenOptionalLineIds?: readonly number[];
}

/** A line's amount: quantity × unit price, rounded once to the cent (2.5 h × $33.33 = $83.33). */
export function lineAmount(line: Pick<PricedLine, "quantity" | "unitPrice">): number {
  const thousandths = scaledInteger(line.quantity, QUANTITY_DECIMALS);
  if (thousandths === null || thousandths <= 0) throw new RangeError(`${line.quantity} is not a quantity above 0 with at most ${QUANTITY_DECIMALS} decimals`);
  return roundedShare(line.unitPrice, thousandths, THOUSANDTHS);
}

/**
 * Subtotal of the lines `counts` keeps, less the discount, plus tax on what remains. Each line is
 * rounded on its own (the amounts shown add up to the subtotal); tax is rounded once, on the whole.
 */
function chargeOf(lines: readonly PricedLine[], discount: number, taxRateBasisPoints: number, counts: (line: PricedLine) => boolean): Charge {
  if (!Number.isInteger(taxRateBasisPoints) || taxRateBasisPoints < 0 || taxRateBasisPoints > WHOLE_BASIS_POINTS) {
    throw new RangeError(`A tax rate is 0 to ${WHOLE_BASIS_POINTS} basis points, not ${taxRateBasisPoints}`);
  }
  if (!isCount(discount)) throw new RangeError(`A discount is a whole number of cents, not ${discount}`);
  let subtotal = 0;
  for (const line of lines) {
    if (!counts(line)) continue;
    subtotal += lineAmount(line);
    // Checked at every step, so the sum stays an exact integer whatever the lines hold.
    if (subtotal > MAX_TOTAL_CENTS) throw new MoneyRuleError("lines", moneyMessages.totalMax);
  }
  if (discount > subtotal) throw new MoneyRuleError("discount", moneyMessages.discountAboveSubtotal);
  const taxed = subtotal - discount;
  const tax = roundedShare(taxed, taxRateBasisPoints, WHOLE_BASIS_POINTS);
  const total = taxed + tax;
  if (total > MAX_TOTAL_CENTS) throw new MoneyRuleError("lines", moneyMessages.totalMax);
  return { subtotal, discount, tax, total };
}

function depositOf(deposit: Deposit, total: number): number {
  if ("percent" in deposit) {
    const basisPoints = scaledInteger(deposit.percent, PERCENT_DECIMALS);
    if (basisPoints === null || basisPoints < 0 || basisPoints > WHOLE_BASIS_POINTS)
      throw new RangeError(`A deposit percent is 0 to 100 with at most ${PERCENT_DECIMALS} decimals, not ${deposit.percent}`);
    return roundedShare(total, basisPoints, WHOLE_BASIS_POINTS);
  }
  if (!isCount(deposit.amount)) throw new RangeError(`A deposit is a whole number of cents, not ${deposit.amount}`);
  if (deposit.amount > total) throw new MoneyRuleError("deposit.amount", moneyMessages.depositAboveTotal);
  return deposit.amount;
}

/** The lines an estimate counts: every required one, and the optional ones ticked. */
function countedLines(lines: readonly PricedLine[], chosenOptionalLineIds: readonly number[]): (line: PricedLine) => boolean {
  const optional = new Set(lines.flatMap((line) => (line.optional && line.id !== undefined ? [line.id] : [])));
  if (chosenOptionalLineIds.some((id) => !optional.has(id))) throw new MoneyRuleError("optionalLineIds", moneyMessages.optionalLineIds);
  const chosen = new Set(chosenOptionalLineIds);
  return (line) => !line.optional || (line.id !== undefined && chosen.has(line.id));
}

/**
 * An estimate's totals in cents: subtotal of the required lines and the chosen optional ones, the
 * discount, tax on (subtotal − discount), the total, and the deposit (a percent of the total, or a
 * fixed amount). Throws MoneyRuleError, naming the field, for a discount above the subtotal, a
 * deposit above the total, a total above $999,999.99, or a ticked line that is not optional.
 */
export function estimateTotals(
  estimate: { lines: readonly PricedLine[]; discount?: number; deposit: Deposit },
  { taxRateBasisPoints = 0, chosenOptionalLineIds = [] }: TotalsOptions = {},
): Charge & { depositAmount: number } {
  const charge = chargeOf(estimate.lines, estimate.discount ?? 0, taxRateBasisPoints, countedLines(estimate.lines, chosenOptionalLineIds));
  return { ...charge, depositAmount: depositOf(estimate.deposit, charge.total) };
}

/**
 * A final invoice's figures: the accepted estimate's required lines and the
 * optional ones the customer ticked, each with its amount, its discount and tax rate, less what was
 * already paid (the deposit, net of refunds). The balance is never below 0: money paid beyond the
 * total is for a refund to return, not a negative balance.
 */
export function invoiceTotals<Line extends PricedLine>(
  accepted: { lines: readonly Line[]; discount?: number },
  { paid, taxRateBasisPoints = 0, chosenOptionalLineIds = [] }: TotalsOptions & { paid: number },
): Charge & { lines: (Line & { amount: number })[]; paid: number; balance: number } {
  if (!isCount(paid)) throw new RangeError(`An amount paid is a whole number of cents, not ${paid}`);
  const counts = countedLines(accepted.lines, chosenOptionalLineIds);
  const charge = chargeOf(accepted.lines, accepted.discount ?? 0, taxRateBasisPoints, counts);
  const lines = accepted.lines.filter(counts).map((line) => ({ ...line, amount: lineAmount(line) }));
  return { ...charge, lines, paid, balance: Math.max(0, charge.total - paid) };
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    // Throws a RangeError for a code that is no currency, before anything is drawn.
    format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** An amount in integer minor units as money, the one way the product writes it (pages, mails, PDFs): 123456 USD is "$1,234.56", -5000 is "-$50.00", 1235 JPY is "¥1,235". */
export function formatMoney(minorUnits: number, currency: string): string {
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`An amount is a whole number of minor units, not ${minorUnits}`);
  const format = moneyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  // Dividing by a power of ten is exact to the cent for any amount a document holds (below 2^53 / 100).
  return format.format(minorUnits / 10 ** digits);
}

/** What a money field says when what was typed is not an amount it can read (in whichever currency the business uses). */
export const typedDollarsMessages = {
  unreadable: "Enter an amount with its cents after a point, such as 45 or 1,250.50",
  decimalComma: "Write cents after a point, such as 3,850.00: a comma or a space separates thousands",
} as const;

// Thousands go in groups of three after a comma or a space (a plain, no-break or thin one), never both.
const GROUPED_BY_COMMA = String.raw`\d{1,3}(?:,\d{3})+`;
const GROUPED_BY_SPACE = String.raw`\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+`;
const TYPED_DOLLARS = new RegExp(String.raw`^(${GROUPED_BY_COMMA}|${GROUPED_BY_SPACE}|\d{1,12})(?:\.(\d{1,2}))?$`);
// "3.850,00", "1,25", "3 850,5": a comma before the last one or two digits is a decimal comma.
const DECIMAL_COMMA = /^[\d., \u00a0\u2009\u202f]*,\d{1,2}$/;

/**
 * Dollars as people type them ("3,850", "$3,850.00", "3850.5", " 3 850 ") as integer cents, read
 * from the digits, never through floating point (0.29 × 100 is 28.999…). A decimal comma
 * ("3.850,00") is refused, not guessed: "3.850" is three dollars to an American and three thousand
 * to a German, and a price read the wrong way is off a thousandfold. Whoever checks the amount
 * (its bounds) is the server; this only reads it.
 */
export function readTypedDollars(text: string): { ok: true; cents: number } | { ok: false; message: string } {
  const typed = text
    .trim()
    .replace(/^[$€£]\s*/, "")
    .replace(/\s*[€£]$/, "");
  const match = TYPED_DOLLARS.exec(typed);
  if (!match) return { ok: false, message: DECIMAL_COMMA.test(typed) ? typedDollarsMessages.decimalComma : typedDollarsMessages.unreadable };
  const dollars = Number(match[1]!.replace(/\D/g, ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return { ok: true, cents: dollars * 100 + cents };
}
