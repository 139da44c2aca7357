import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adjustmentsTotal,
  creditNoteTotals,
  estimateTotals,
  invoiceTotals,
  lineAmount,
  MAX_TOTAL_CENTS,
  MoneyRuleError,
  moneyMessages,
  readTypedDollars,
  roundedShare,
  scaledInteger,
  typedDollarsMessages,
} from "./money";

type Estimate = Parameters<typeof estimateTotals>[0];
type Options = NonNullable<Parameters<typeof estimateTotals>[1]>;

const line = (quantity: number, unitPrice: number, more: { id?: number; optional?: boolean } = {}) => ({ quantity, unitPrice, ...more });

/** Exactly what estimateTotals throws, or its figures. */
function outcome(estimate: Estimate, options?: Options) {
  try {
    return estimateTotals(estimate, options);
  } catch (error) {
    if (error instanceof MoneyRuleError) return { refused: error.field, message: error.message };
    throw error;
  }
}

describe("the rounding rule (docs/decisions/0023-money-rounding.md)", () => {
  it.each([
    ["half a cent goes up", 1, 1, 2, 1],
    ["just under half a cent goes down", 4_999, 1, 10_000, 0],
    ["one and a half cents go up, not to the even cent", 3, 1, 2, 2],
    ["two and a half cents go up, not to the even cent", 5, 1, 2, 3],
    ["an exact share is kept", 10_000, 3_000, 10_000, 3_000],
    ["nothing of nothing", 0, 825, 10_000, 0],
  ])("%s: %i × %i / %i = %i", (_name, amount, numerator, denominator, expected) => {
    expect(roundedShare(amount, numerator, denominator)).toBe(expected);
  });

  it("stays exact where floating point loses the cent", () => {
    // 1.005 × 100 is 100.49999999999999 in floating point, which Math.round makes 100.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(lineAmount({ quantity: 1.005, unitPrice: 100 })).toBe(101);
    // A product past Number.MAX_SAFE_INTEGER is still exact: (2^53 − 1) × 3 / 3.
    expect(roundedShare(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses what is not a whole number of at least 0, and a result past Number.MAX_SAFE_INTEGER", () => {
    expect(() => roundedShare(-1, 1, 2)).toThrow(RangeError);
    expect(() => roundedShare(1.5, 1, 2)).toThrow(RangeError);
    expect(() => roundedShare(1, 1, 0)).toThrow(RangeError);
    expect(() => roundedShare(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });

  it("is the nearest cent, a half going up, for any amount up to Number.MAX_SAFE_INTEGER", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: 1_000_000 }), fc.nat({ max: 1_000_000 }), (amount, denominator, part) => {
        const numerator = part % (denominator + 1);
        const result = BigInt(roundedShare(amount, numerator, denominator));
        const exact = BigInt(amount) * BigInt(numerator);
        const twiceError = 2n * (result * BigInt(denominator) - exact);
        // −½ < result − exact ≤ ½, in whole numbers: the definition of rounding half up.
        expect(twiceError > -BigInt(denominator) && twiceError <= BigInt(denominator)).toBe(true);
      }),
    );
  });
});

describe("decimals as whole counts", () => {
  it.each([
    [2.5, 3, 2_500],
    [1.005, 3, 1_005],
    [0.001, 3, 1],
    [100_000, 3, 100_000_000],
    [33.33, 2, 3_333],
    [0.0005, 3, null],
    [0.1 + 0.2, 3, null],
    [12.345, 2, null],
  ])("%d with %i decimals is %s", (value, decimals, expected) => {
    expect(scaledInteger(value, decimals)).toBe(expected);
  });

  it("reads back every quantity stored in thousandths", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (thousandths) => {
        expect(scaledInteger(thousandths / 1000, 3)).toBe(thousandths);
      }),
    );
  });

  it("refuses a quantity of 0, below 0 or with a fourth decimal", () => {
    for (const quantity of [0, -1, 0.0005]) expect(() => lineAmount({ quantity, unitPrice: 100 })).toThrow(RangeError);
  });
});

/**
 * Rounding's edge cases (docs/decisions/0023-money-rounding.md tables some of them): inputs →
 * subtotal, tax, total, deposit, in cents.
 */
const EDGE_CASES: [string, Estimate, Options | undefined, { subtotal: number; discount: number; tax: number; total: number; depositAmount: number }][] = [
  [
    "40 acres at $45.00, 30 % deposit",
    { lines: [line(40, 4_500)], deposit: { percent: 30 } },
    undefined,
    { subtotal: 180_000, discount: 0, tax: 0, total: 180_000, depositAmount: 54_000 },
  ],
  [
    "0.5 × 1 cent: half a cent goes up",
    { lines: [line(0.5, 1)], deposit: { percent: 100 } },
    undefined,
    { subtotal: 1, discount: 0, tax: 0, total: 1, depositAmount: 1 },
  ],
  [
    "0.499 × 1 cent goes down, beside $1.00",
    { lines: [line(0.499, 1), line(1, 100)], deposit: { percent: 30 } },
    undefined,
    { subtotal: 100, discount: 0, tax: 0, total: 100, depositAmount: 30 },
  ],
  [
    "1.005 × $1.00 = $1.01 (floating point: $1.00)",
    { lines: [line(1.005, 100)], deposit: { amount: 0 } },
    undefined,
    { subtotal: 101, discount: 0, tax: 0, total: 101, depositAmount: 0 },
  ],
  [
    "2.5 hours at $33.33, 50 % deposit",
    { lines: [line(2.5, 3_333)], deposit: { percent: 50 } },
    undefined,
    { subtotal: 8_333, discount: 0, tax: 0, total: 8_333, depositAmount: 4_167 },
  ],
  [
    "1 % tax on $0.50: half a cent of tax goes up",
    { lines: [line(1, 50)], deposit: { percent: 50 } },
    { taxRateBasisPoints: 100 },
    { subtotal: 50, discount: 0, tax: 1, total: 51, depositAmount: 26 },
  ],
  [
    "8.25 % tax on $123.45, 33.33 % deposit",
    { lines: [line(1, 12_345)], deposit: { percent: 33.33 } },
    { taxRateBasisPoints: 825 },
    { subtotal: 12_345, discount: 0, tax: 1_018, total: 13_363, depositAmount: 4_454 },
  ],
  [
    "0 % tax when no rate is given, fixed deposit",
    { lines: [line(3, 1_999)], deposit: { amount: 1_000 } },
    undefined,
    { subtotal: 5_997, discount: 0, tax: 0, total: 5_997, depositAmount: 1_000 },
  ],
  [
    "$25.00 discount before 10 % tax",
    { lines: [line(1, 10_000)], discount: 2_500, deposit: { percent: 30 } },
    { taxRateBasisPoints: 1_000 },
    { subtotal: 10_000, discount: 2_500, tax: 750, total: 8_250, depositAmount: 2_475 },
  ],
  [
    "discount equal to the subtotal: nothing to pay",
    { lines: [line(2, 5_000)], discount: 10_000, deposit: { percent: 30 } },
    { taxRateBasisPoints: 825 },
    { subtotal: 10_000, discount: 10_000, tax: 0, total: 0, depositAmount: 0 },
  ],
  [
    "100 % deposit is the total, tax included",
    { lines: [line(3, 3_333)], deposit: { percent: 100 } },
    { taxRateBasisPoints: 750 },
    { subtotal: 9_999, discount: 0, tax: 750, total: 10_749, depositAmount: 10_749 },
  ],
  [
    "fixed deposit equal to the total",
    { lines: [line(3, 3_333)], deposit: { amount: 10_749 } },
    { taxRateBasisPoints: 750 },
    { subtotal: 9_999, discount: 0, tax: 750, total: 10_749, depositAmount: 10_749 },
  ],
  [
    "a ticked optional line counts, an unticked one does not",
    { lines: [line(1, 10_000, { id: 1 }), line(1, 5_000, { id: 2, optional: true }), line(2, 3_500, { id: 3, optional: true })], deposit: { percent: 30 } },
    { chosenOptionalLineIds: [2] },
    { subtotal: 15_000, discount: 0, tax: 0, total: 15_000, depositAmount: 4_500 },
  ],
  [
    "no optional line ticked: the estimate as sent",
    { lines: [line(1, 10_000, { id: 1 }), line(1, 5_000, { id: 2, optional: true })], deposit: { percent: 30 } },
    undefined,
    { subtotal: 10_000, discount: 0, tax: 0, total: 10_000, depositAmount: 3_000 },
  ],
  [
    "the largest total, $999,999.99, all of it deposit",
    { lines: [line(1, MAX_TOTAL_CENTS)], deposit: { percent: 100 } },
    undefined,
    { subtotal: MAX_TOTAL_CENTS, discount: 0, tax: 0, total: MAX_TOTAL_CENTS, depositAmount: MAX_TOTAL_CENTS },
  ],
  [
    "the largest quantity, 100,000 × $9.99, 12.5 % deposit",
    { lines: [line(100_000, 999)], deposit: { percent: 12.5 } },
    undefined,
    { subtotal: 99_900_000, discount: 0, tax: 0, total: 99_900_000, depositAmount: 12_487_500 },
  ],
  [
    "0.001 × the largest price, 0 % deposit",
    { lines: [line(0.001, MAX_TOTAL_CENTS)], deposit: { percent: 0 } },
    undefined,
    { subtotal: 100_000, discount: 0, tax: 0, total: 100_000, depositAmount: 0 },
  ],
  [
    "100 % tax",
    { lines: [line(1, 12_345)], deposit: { percent: 50 } },
    { taxRateBasisPoints: 10_000 },
    { subtotal: 12_345, discount: 0, tax: 12_345, total: 24_690, depositAmount: 12_345 },
  ],
];

describe("an estimate's totals", () => {
  it.each(EDGE_CASES)("%s", (_name, estimate, options, expected) => {
    expect(estimateTotals(estimate, options)).toEqual(expected);
  });

  it.each<[string, Estimate, Options | undefined, string, string]>([
    [
      "a discount larger than the subtotal",
      { lines: [line(1, 1_000)], discount: 1_001, deposit: { percent: 0 } },
      undefined,
      "discount",
      moneyMessages.discountAboveSubtotal,
    ],
    [
      "a discount larger than the required lines, no option ticked",
      { lines: [line(1, 1_000, { id: 1 }), line(1, 5_000, { id: 2, optional: true })], discount: 2_000, deposit: { percent: 0 } },
      undefined,
      "discount",
      moneyMessages.discountAboveSubtotal,
    ],
    [
      "a fixed deposit above the total, tax included",
      { lines: [line(1, 1_000)], deposit: { amount: 1_101 } },
      { taxRateBasisPoints: 1_000 },
      "deposit.amount",
      moneyMessages.depositAboveTotal,
    ],
    [
      "a total past $999,999.99 by its tax",
      { lines: [line(1, MAX_TOTAL_CENTS)], deposit: { percent: 0 } },
      { taxRateBasisPoints: 1 },
      "lines",
      moneyMessages.totalMax,
    ],
    [
      "lines adding up past $999,999.99",
      { lines: [line(1, 60_000_000), line(1, 60_000_000)], discount: 30_000_000, deposit: { percent: 0 } },
      undefined,
      "lines",
      moneyMessages.totalMax,
    ],
    [
      "a ticked line that is not optional",
      { lines: [line(1, 1_000, { id: 1 })], deposit: { percent: 0 } },
      { chosenOptionalLineIds: [1] },
      "optionalLineIds",
      moneyMessages.optionalLineIds,
    ],
    [
      "a ticked line of another estimate",
      { lines: [line(1, 1_000, { id: 1 }), line(1, 1_000, { id: 2, optional: true })], deposit: { percent: 0 } },
      { chosenOptionalLineIds: [99] },
      "optionalLineIds",
      moneyMessages.optionalLineIds,
    ],
  ])("refuses %s, naming the field", (_name, estimate, options, field, message) => {
    expect(outcome(estimate, options)).toEqual({ refused: field, message });
  });

  it("accepts the discount once the optional line it needs is ticked", () => {
    const estimate = { lines: [line(1, 1_000, { id: 1 }), line(1, 5_000, { id: 2, optional: true })], discount: 2_000, deposit: { percent: 0 } };
    expect(estimateTotals(estimate, { chosenOptionalLineIds: [2] })).toMatchObject({ subtotal: 6_000, total: 4_000 });
  });

  it("refuses a tax rate outside 0 to 10,000 basis points, or a deposit percent outside 0 to 100", () => {
    const estimate = { lines: [line(1, 1_000)], deposit: { percent: 30 } };
    for (const taxRateBasisPoints of [-1, 10_001, 82.5]) expect(() => estimateTotals(estimate, { taxRateBasisPoints })).toThrow(RangeError);
    for (const percent of [-1, 100.01, 12.345]) expect(() => estimateTotals({ ...estimate, deposit: { percent } })).toThrow(RangeError);
  });
});

describe("a final invoice's figures", () => {
  const accepted = {
    lines: [line(40, 4_500, { id: 1 }), line(1, 25_000, { id: 2, optional: true }), line(1, 9_900, { id: 3, optional: true })],
    discount: 5_000,
    deposit: { percent: 30 },
  };
  const options = { taxRateBasisPoints: 825, chosenOptionalLineIds: [2] };

  it("is the accepted estimate, the ticked lines with their amounts, less the deposit paid", () => {
    const { depositAmount, total } = estimateTotals(accepted, options);
    expect({ total, depositAmount }).toEqual({ total: 216_500, depositAmount: 64_950 });
    expect(invoiceTotals(accepted, { ...options, paid: depositAmount })).toEqual({
      lines: [
        { ...accepted.lines[0], amount: 180_000 },
        { ...accepted.lines[1], amount: 25_000 },
      ],
      extraLines: [],
      subtotal: 205_000,
      discount: 5_000,
      adjustments: 0,
      tax: 16_500,
      total: 216_500,
      paid: 64_950,
      balance: 151_550,
    });
  });

  it("gives the same figures from its own stored lines, all required", () => {
    const fromEstimate = invoiceTotals(accepted, { ...options, paid: 0 });
    const stored = { lines: fromEstimate.lines.map(({ id, quantity, unitPrice }) => ({ id, quantity, unitPrice })), discount: 5_000 };
    const fromStored = invoiceTotals(stored, { taxRateBasisPoints: 825, paid: 0 });
    expect(fromStored).toEqual({
      ...fromEstimate,
      lines: fromEstimate.lines.map(({ id, quantity, unitPrice, amount }) => ({ id, quantity, unitPrice, amount })),
    });
  });

  it("owes nothing once paid in full, and never a negative balance", () => {
    const { total } = invoiceTotals(accepted, { ...options, paid: 0 });
    expect(invoiceTotals(accepted, { ...options, paid: total }).balance).toBe(0);
    expect(invoiceTotals(accepted, { ...options, paid: total + 1 }).balance).toBe(0);
    expect(invoiceTotals(accepted, { ...options, paid: 0 }).balance).toBe(total);
  });

  it("refuses an amount paid that is not whole cents of at least 0", () => {
    for (const paid of [-1, 0.5]) expect(() => invoiceTotals(accepted, { ...options, paid })).toThrow(RangeError);
  });
});

/** Estimates of up to 12 lines, the first required, ids 1..n, with the optional ones ticked at random. */
const estimates = fc
  .array(fc.record({ thousandths: fc.integer({ min: 1, max: 100_000 }), unitPrice: fc.nat({ max: 50_000 }), optional: fc.boolean() }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((drawn) =>
    drawn.map(({ thousandths, unitPrice, optional }, index) => ({ id: index + 1, quantity: thousandths / 1000, unitPrice, optional: index > 0 && optional })),
  )
  .chain((lines) =>
    fc.record({
      lines: fc.constant(lines),
      chosen: fc.subarray(lines.filter((line) => line.optional).map((line) => line.id)),
      discount: fc.oneof(fc.constant(0), fc.nat({ max: 2_000_000 })),
      taxRateBasisPoints: fc.oneof(fc.constant(0), fc.nat({ max: 10_000 })),
      percent: fc.nat({ max: 10_000 }).map((basisPoints) => basisPoints / 100),
      amount: fc.nat({ max: 10_000_000 }),
      order: fc.shuffledSubarray(lines, { minLength: lines.length }),
      paid: fc.nat({ max: 20_000_000 }),
    }),
  );

describe("a final invoice's extra lines and adjustments (docs/decisions/0059-extra-lines-and-credit-notes.md)", () => {
  const accepted = { lines: [line(40, 4_500, { id: 1 })], discount: 5_000 };
  const invoice = (extraLines: ReturnType<typeof line>[], adjustments: { amount: number }[], taxRateBasisPoints = 825) =>
    invoiceTotals(accepted, { paid: 54_000, taxRateBasisPoints, extraLines, adjustments });
  const refusal = (compute: () => unknown) => {
    try {
      compute();
    } catch (error) {
      if (error instanceof MoneyRuleError) return { field: error.field, message: error.message };
      throw error;
    }
    return null;
  };

  it("taxes extra lines like the estimate's and adjustments before tax, rounding tax once on the whole", () => {
    // 40 × $45 + 2.5 × $45.00 = $1,912.50; less $50 discount, less a $100 credit, plus a $25.55 surcharge: $1,788.05; 8.25 % is $147.514… → $147.51.
    expect(invoice([line(2.5, 4_500)], [{ amount: -10_000 }, { amount: 2_555 }])).toMatchObject({
      subtotal: 191_250,
      discount: 5_000,
      adjustments: -7_445,
      tax: 14_751,
      total: 193_556,
      paid: 54_000,
      balance: 139_556,
      extraLines: [{ quantity: 2.5, unitPrice: 4_500, amount: 11_250 }],
    });
  });

  it("rounds an extra line once to the cent, halves up: 1.005 × $1.00 is $1.01", () => {
    expect(invoice([line(1.005, 100)], [], 0).extraLines[0]!.amount).toBe(101);
  });

  it("is the estimate's figures when nothing is added", () => {
    expect(invoice([], [])).toMatchObject({ subtotal: 180_000, adjustments: 0, tax: 14_438, total: 189_438, extraLines: [] });
  });

  it("lets a credit bring the total to exactly $0.00, never below, naming adjustments", () => {
    expect(invoice([], [{ amount: -175_000 }])).toMatchObject({ tax: 0, total: 0, balance: 0 });
    expect(refusal(() => invoice([], [{ amount: -175_001 }]))).toEqual({ field: "adjustments", message: moneyMessages.adjustmentsBelowZero });
    expect(refusal(() => invoice([], [{ amount: -100_000 }, { amount: -75_001 }]))).toEqual({
      field: "adjustments",
      message: moneyMessages.adjustmentsBelowZero,
    });
  });

  it("holds the $999,999.99 ceiling with extra lines and with a surcharge, naming the field", () => {
    expect(refusal(() => invoice([line(1, MAX_TOTAL_CENTS)], [], 0))).toEqual({ field: "extraLines", message: moneyMessages.invoiceTotalMax });
    expect(refusal(() => invoice([], [{ amount: MAX_TOTAL_CENTS - 175_000 + 1 }], 0))).toEqual({
      field: "adjustments",
      message: moneyMessages.invoiceTotalMax,
    });
    expect(invoice([], [{ amount: MAX_TOTAL_CENTS - 175_000 }], 0).total).toBe(MAX_TOTAL_CENTS);
    // Tax can be what passes the ceiling.
    expect(refusal(() => invoice([], [{ amount: MAX_TOTAL_CENTS - 175_000 }], 1))).toEqual({ field: "adjustments", message: moneyMessages.invoiceTotalMax });
  });

  it("adds adjustments up exactly and refuses one of 0, of a fraction of a cent or past the ceiling", () => {
    expect(adjustmentsTotal([{ amount: -10_000 }, { amount: 2_555 }])).toBe(-7_445);
    expect(adjustmentsTotal([])).toBe(0);
    for (const amount of [0, 0.5, MAX_TOTAL_CENTS + 1, -MAX_TOTAL_CENTS - 1]) expect(() => adjustmentsTotal([{ amount }])).toThrow(RangeError);
  });

  it("never gives a negative total whatever the credits, or refuses them", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -300_000, max: 300_000 }).filter((amount) => amount !== 0),
          { maxLength: 5 },
        ),
        (amounts) => {
          const outcome = refusal(() =>
            invoice(
              [],
              amounts.map((amount) => ({ amount })),
            ),
          );
          if (outcome) return outcome.field === "adjustments";
          const figures = invoice(
            [],
            amounts.map((amount) => ({ amount })),
          );
          return figures.total >= 0 && figures.total === figures.subtotal - figures.discount + figures.adjustments + figures.tax;
        },
      ),
    );
  });
});

describe("a credit note's figures (docs/decisions/0059-extra-lines-and-credit-notes.md)", () => {
  // An invoice of $2,273.25: $2,100.00 before tax and $173.25 tax at 8.25 %.
  const basis = (credited = { subtotal: 0, tax: 0 }) => ({ taxRateBasisPoints: 825, invoice: { total: 227_325, tax: 17_325 }, credited });

  it("adds tax at the invoice's rate, rounded once on the lines' sum", () => {
    expect(creditNoteTotals([{ amount: 10_000 }], basis())).toEqual({ subtotal: 10_000, discount: 0, tax: 825, total: 10_825 });
    expect(creditNoteTotals([{ amount: 3_333 }, { amount: 3_333 }], basis())).toEqual({ subtotal: 6_666, discount: 0, tax: 550, total: 7_216 });
  });

  it("takes exactly the tax left when it credits all that remains, so credit notes add up to the invoice's total", () => {
    const first = creditNoteTotals([{ amount: 3_333 }], basis());
    const rest = creditNoteTotals([{ amount: 210_000 - 3_333 }], basis({ subtotal: first.subtotal, tax: first.tax }));
    expect(first.total + rest.total).toBe(227_325);
  });

  it("refuses more than remains after earlier credit notes, naming amount", () => {
    expect(() => creditNoteTotals([{ amount: 210_001 }], basis())).toThrow(moneyMessages.creditAboveRemaining);
    expect(() => creditNoteTotals([{ amount: 10_001 }], basis({ subtotal: 200_000, tax: 16_500 }))).toThrow(MoneyRuleError);
    expect(creditNoteTotals([{ amount: 10_000 }], basis({ subtotal: 200_000, tax: 16_500 })).total).toBe(10_825);
  });

  it("refuses a credited amount of 0 or a fraction of a cent", () => {
    expect(() => creditNoteTotals([{ amount: 0 }], basis())).toThrow(RangeError);
    expect(() => creditNoteTotals([{ amount: 1.5 }], basis())).toThrow(RangeError);
  });
});

describe("properties of every estimate", () => {
  it("gives whole cents with total = subtotal − discount + tax and 0 ≤ deposit ≤ total, or refuses the discount exactly when it exceeds the subtotal", () => {
    fc.assert(
      fc.property(estimates, ({ lines, chosen, discount, taxRateBasisPoints, percent }) => {
        const counted = lines.filter((line) => !line.optional || chosen.includes(line.id));
        const sum = counted.reduce((total, line) => total + lineAmount(line), 0);
        const result = outcome({ lines, discount, deposit: { percent } }, { taxRateBasisPoints, chosenOptionalLineIds: chosen });
        if ("refused" in result) {
          expect(result.refused).toBe("discount");
          expect(discount).toBeGreaterThan(sum);
          return;
        }
        for (const figure of Object.values(result)) expect(Number.isSafeInteger(figure) && figure >= 0).toBe(true);
        expect(result.subtotal).toBe(sum);
        expect(result.total).toBe(result.subtotal - result.discount + result.tax);
        expect(result.depositAmount).toBeLessThanOrEqual(result.total);
        expect(Math.abs(result.tax * 10_000 - (result.subtotal - discount) * taxRateBasisPoints)).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it("refuses a fixed deposit exactly when it exceeds the total", () => {
    fc.assert(
      fc.property(estimates, ({ lines, chosen, taxRateBasisPoints, amount }) => {
        const options = { taxRateBasisPoints, chosenOptionalLineIds: chosen };
        const { total } = estimateTotals({ lines, deposit: { percent: 0 } }, options);
        const result = outcome({ lines, deposit: { amount } }, options);
        expect(result).toEqual(
          amount > total ? { refused: "deposit.amount", message: moneyMessages.depositAboveTotal } : expect.objectContaining({ total, depositAmount: amount }),
        );
      }),
    );
  });

  it("does not depend on the order of the lines", () => {
    fc.assert(
      fc.property(estimates, ({ lines, order, chosen, discount, taxRateBasisPoints, percent }) => {
        const options = { taxRateBasisPoints, chosenOptionalLineIds: chosen };
        expect(outcome({ lines: order, discount, deposit: { percent } }, options)).toEqual(outcome({ lines, discount, deposit: { percent } }, options));
      }),
    );
  });

  it("leaves an invoice's balance at the total less what was paid, never below 0, its lines adding up to the subtotal", () => {
    fc.assert(
      fc.property(estimates, ({ lines, chosen, taxRateBasisPoints, paid }) => {
        const invoice = invoiceTotals({ lines }, { taxRateBasisPoints, chosenOptionalLineIds: chosen, paid });
        expect(invoice.balance).toBe(Math.max(0, invoice.total - paid));
        expect(invoice.lines.reduce((total, counted) => total + counted.amount, 0)).toBe(invoice.subtotal);
        expect(invoice.lines.map((counted) => counted.id)).toEqual(lines.filter((line) => !line.optional || chosen.includes(line.id)).map((line) => line.id));
      }),
    );
  });
});

describe("dollars as people type them", () => {
  it.each([
    ["3,850", 385_000],
    ["$3,850.00", 385_000],
    ["€3,850.00", 385_000],
    ["1,250.50 €", 125_050],
    ["£45", 4500],
    ["3850.5", 385_050],
    [" 3 850 ", 385_000],
    ["0.29", 29],
  ])("reads %j as %i cents", (typed, cents) => {
    expect(readTypedDollars(typed)).toEqual({ ok: true, cents });
  });

  it.each(["3.850,00", "3 850,5", "12,50"])("refuses the decimal comma of %j rather than guess which separator is which", (typed) => {
    expect(readTypedDollars(typed)).toEqual({ ok: false, message: typedDollarsMessages.decimalComma });
  });

  it.each(["3.850", "abc", "-5", "1e3", ""])("refuses %j as no amount", (typed) => {
    expect(readTypedDollars(typed)).toEqual({ ok: false, message: typedDollarsMessages.unreadable });
  });
});
