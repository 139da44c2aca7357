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
  invoiceTotalMax: "An invoice totals at most $999,999.99",
  adjustmentsBelowZero: "The adjustments cannot bring the total below $0.00",
  creditAboveRemaining: "The credit cannot be more than what remains of the invoice after earlier credit notes",
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

/** The sum of the lines `counts` keeps, each rounded on its own, checked against the ceiling at every step so it stays an exact integer. */
function linesSubtotal(lines: readonly PricedLine[], counts: (line: PricedLine) => boolean, field: string, message: string): number {
  let subtotal = 0;
  for (const line of lines) {
    if (!counts(line)) continue;
    subtotal += lineAmount(line);
    if (subtotal > MAX_TOTAL_CENTS) throw new MoneyRuleError(field, message);
  }
  return subtotal;
}

function checkedTaxRate(taxRateBasisPoints: number): number {
  if (!Number.isInteger(taxRateBasisPoints) || taxRateBasisPoints < 0 || taxRateBasisPoints > WHOLE_BASIS_POINTS) {
    throw new RangeError(`A tax rate is 0 to ${WHOLE_BASIS_POINTS} basis points, not ${taxRateBasisPoints}`);
  }
  return taxRateBasisPoints;
}

/** Tax on what is taxed, rounded once on the whole, never per line. */
const taxOn = (taxed: number, taxRateBasisPoints: number) => roundedShare(taxed, checkedTaxRate(taxRateBasisPoints), WHOLE_BASIS_POINTS);

/**
 * Subtotal of the lines `counts` keeps, less the discount, plus tax on what remains. Each line is
 * rounded on its own (the amounts shown add up to the subtotal); tax is rounded once, on the whole.
 */
function chargeOf(lines: readonly PricedLine[], discount: number, taxRateBasisPoints: number, counts: (line: PricedLine) => boolean): Charge {
  checkedTaxRate(taxRateBasisPoints);
  if (!isCount(discount)) throw new RangeError(`A discount is a whole number of cents, not ${discount}`);
  const subtotal = linesSubtotal(lines, counts, "lines", moneyMessages.totalMax);
  if (discount > subtotal) throw new MoneyRuleError("discount", moneyMessages.discountAboveSubtotal);
  const taxed = subtotal - discount;
  const tax = taxOn(taxed, taxRateBasisPoints);
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

/** An adjustment on a final invoice: a goodwill credit (below 0) or a surcharge (above 0), in cents. */
interface Adjustment {
  amount: number;
}

/**
 * The adjustments of an invoice added up, in cents: below 0 when credits outweigh surcharges. Each
 * is a whole number of cents other than 0, at most $999,999.99 either way, so the sum stays exact.
 */
export function adjustmentsTotal(adjustments: readonly Adjustment[]): number {
  let sum = 0;
  for (const { amount } of adjustments) {
    if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_TOTAL_CENTS)
      throw new RangeError(`An adjustment is a whole number of cents other than 0, at most ${MAX_TOTAL_CENTS} either way, not ${amount}`);
    sum += amount;
  }
  return sum;
}

interface InvoiceOptions<Extra extends PricedLine> extends TotalsOptions {
  /** What was already paid towards the job (the deposit), in cents. */
  paid: number;
  /** Work beyond the estimate (extra acres, a re-flight), taxed at the invoice's rate like the estimate's lines. */
  extraLines?: readonly Extra[];
  /** Credits and surcharges on the subtotal, before tax, like the discount (docs/decisions/0059-extra-lines-and-credit-notes.md). */
  adjustments?: readonly Adjustment[];
}

/**
 * A final invoice's figures: the accepted estimate's required lines and the optional ones the
 * customer ticked, then the extra lines, each with its amount; the estimate's discount; the
 * adjustments; tax at the estimate's rate on (subtotal − discount + adjustments); less what was
 * already paid (the deposit, net of refunds). Adjustments never bring the taxed amount below 0
 * (MoneyRuleError on "adjustments"), so neither tax nor the total is ever negative; the total is at
 * most MAX_TOTAL_CENTS ("extraLines" when they are what pass it). The balance is never below 0:
 * money paid beyond the total is for a refund to return, not a negative balance.
 */
export function invoiceTotals<Line extends PricedLine, Extra extends PricedLine = Line>(
  accepted: { lines: readonly Line[]; discount?: number },
  { paid, taxRateBasisPoints = 0, chosenOptionalLineIds = [], extraLines = [], adjustments = [] }: InvoiceOptions<Extra>,
): Charge & { lines: (Line & { amount: number })[]; extraLines: (Extra & { amount: number })[]; adjustments: number; paid: number; balance: number } {
  if (!isCount(paid)) throw new RangeError(`An amount paid is a whole number of cents, not ${paid}`);
  const discount = accepted.discount ?? 0;
  if (!isCount(discount)) throw new RangeError(`A discount is a whole number of cents, not ${discount}`);
  const counts = countedLines(accepted.lines, chosenOptionalLineIds);
  const estimated = linesSubtotal(accepted.lines, counts, "lines", moneyMessages.invoiceTotalMax);
  const extra = linesSubtotal(extraLines, () => true, "extraLines", moneyMessages.invoiceTotalMax);
  const subtotal = estimated + extra;
  if (subtotal > MAX_TOTAL_CENTS) throw new MoneyRuleError("extraLines", moneyMessages.invoiceTotalMax);
  if (discount > subtotal) throw new MoneyRuleError("discount", moneyMessages.discountAboveSubtotal);
  const adjusted = adjustmentsTotal(adjustments);
  const taxed = subtotal - discount + adjusted;
  if (taxed < 0) throw new MoneyRuleError("adjustments", moneyMessages.adjustmentsBelowZero);
  const tax = taxOn(taxed, taxRateBasisPoints);
  const total = taxed + tax;
  if (total > MAX_TOTAL_CENTS) throw new MoneyRuleError(adjusted > 0 ? "adjustments" : "extraLines", moneyMessages.invoiceTotalMax);
  const lines = accepted.lines.filter(counts).map((line) => ({ ...line, amount: lineAmount(line) }));
  const extras = extraLines.map((line) => ({ ...line, amount: lineAmount(line) }));
  return { subtotal, discount, adjustments: adjusted, tax, total, lines, extraLines: extras, paid, balance: Math.max(0, total - paid) };
}

/** What an invoice came to before tax and its tax, and what its earlier credit notes took of each, in cents. */
interface CreditBasis {
  taxRateBasisPoints: number;
  invoice: { total: number; tax: number };
  credited: { subtotal: number; tax: number };
}

/**
 * A credit note's figures: its lines (amounts before tax, each above 0) added up, tax at the
 * invoice's rate rounded once on that sum, and the total credited. It takes at most what remains of
 * the invoice before tax after earlier credit notes (MoneyRuleError on "amount"), and never more
 * tax than remains; the credit note that takes all that remains takes exactly the tax left, so
 * credit notes reversing a whole invoice add up to its total to the cent whatever their rounding.
 */
export function creditNoteTotals(lines: readonly { amount: number }[], { taxRateBasisPoints, invoice, credited }: CreditBasis): Charge {
  let subtotal = 0;
  for (const { amount } of lines) {
    if (!isCount(amount) || amount === 0 || amount > MAX_TOTAL_CENTS)
      throw new RangeError(`A credited amount is a whole number of cents above 0, not ${amount}`);
    subtotal += amount;
  }
  const remainingNet = invoice.total - invoice.tax - credited.subtotal;
  const remainingTax = invoice.tax - credited.tax;
  if (subtotal > remainingNet) throw new MoneyRuleError("amount", moneyMessages.creditAboveRemaining);
  const tax = subtotal === remainingNet ? remainingTax : Math.min(taxOn(subtotal, taxRateBasisPoints), remainingTax);
  return { subtotal, discount: 0, tax, total: subtotal + tax };
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
