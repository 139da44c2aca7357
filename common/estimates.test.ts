import { describe, expect, it } from "vitest";
import { ESTIMATE_LIMITS, estimateMessages, estimateSchema } from "./estimates";
import { MAX_TOTAL_CENTS, moneyMessages } from "./money";
import { fieldErrorsOf } from "./validation";

const TODAY = "2026-11-24";
const schema = estimateSchema({ taxRateBasisPoints: 1_000, today: () => TODAY });

/** Two lines, one optional, a 30 % deposit: the browser journey's estimate. */
const valid = {
  jobId: 7,
  lines: [
    { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500 },
    { description: "Orthomosaic map", quantity: 2.5, unit: "hour", unitPrice: 12_000, optional: true },
  ],
  deposit: { percent: 30 },
  validUntil: "2026-12-24",
};

const errorsOf = (body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrorsOf(result.error.issues);
};

const withLine = (index: number, change: Record<string, unknown>) => ({
  ...valid,
  lines: valid.lines.map((line, at) => (at === index ? { ...line, ...change } : line)),
});

describe("an estimate as the admin sends it (docs/decisions/0023-money-rounding.md)", () => {
  it("reads a valid estimate with its defaults, and drops the totals a browser sends", () => {
    const result = schema.parse({
      ...valid,
      subtotal: 1,
      tax: 1,
      total: 1,
      depositAmount: 1,
      lines: [...valid.lines.slice(0, 1), { ...valid.lines[1], amount: 1 }],
    });
    expect(result).toEqual({
      jobId: 7,
      lines: [
        { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, optional: false },
        { description: "Orthomosaic map", quantity: 2.5, unit: "hour", unitPrice: 12_000, optional: true },
      ],
      discount: 0,
      deposit: { percent: 30 },
      validUntil: "2026-12-24",
      note: "",
    });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ["a negative unit price", withLine(1, { unitPrice: -1 }), { "lines.1.unitPrice": estimateMessages.unitPrice }],
    ["a fraction of a cent", withLine(1, { unitPrice: 12.5 }), { "lines.1.unitPrice": estimateMessages.unitPrice }],
    ["a price as text", withLine(0, { unitPrice: "45.00" }), { "lines.0.unitPrice": estimateMessages.unitPrice }],
    ["a unit price past $999,999.99", withLine(0, { unitPrice: MAX_TOTAL_CENTS + 1 }), { "lines.0.unitPrice": estimateMessages.unitPriceMax }],
    ["a quantity of 0", withLine(0, { quantity: 0 }), { "lines.0.quantity": estimateMessages.quantity }],
    ["a quantity below 0", withLine(0, { quantity: -2 }), { "lines.0.quantity": estimateMessages.quantity }],
    ["a quantity with 4 decimals", withLine(0, { quantity: 1.0005 }), { "lines.0.quantity": estimateMessages.quantity }],
    ["a quantity past 100,000", withLine(0, { quantity: ESTIMATE_LIMITS.quantity + 1 }), { "lines.0.quantity": estimateMessages.quantityMax }],
    ["an empty description", withLine(0, { description: "   " }), { "lines.0.description": estimateMessages.description }],
    [
      "a description of 501 characters",
      withLine(0, { description: "x".repeat(ESTIMATE_LIMITS.description + 1) }),
      { "lines.0.description": estimateMessages.description },
    ],
    ["a unit of 51 characters", withLine(0, { unit: "x".repeat(ESTIMATE_LIMITS.unit + 1) }), { "lines.0.unit": estimateMessages.unit }],
    ["optional as text", withLine(1, { optional: "yes" }), { "lines.1.optional": estimateMessages.optional }],
    ["no lines", { ...valid, lines: [] }, { lines: estimateMessages.requiredLine }],
    ["only optional lines", withLine(0, { optional: true }), { lines: estimateMessages.requiredLine }],
    ["201 lines", { ...valid, lines: Array.from({ length: ESTIMATE_LIMITS.lines + 1 }, () => valid.lines[0]) }, { lines: estimateMessages.linesMax }],
    ["a negative discount", { ...valid, discount: -1 }, { discount: estimateMessages.discount }],
    ["a discount in fractions of a cent", { ...valid, discount: 0.5 }, { discount: estimateMessages.discount }],
    [
      "a discount larger than the required lines, which an optional line would cover",
      { ...valid, discount: 180_001 },
      { discount: moneyMessages.discountAboveSubtotal },
    ],
    ["no deposit", { ...valid, deposit: undefined }, { deposit: estimateMessages.depositChoice }],
    ["a deposit of neither kind", { ...valid, deposit: {} }, { deposit: estimateMessages.depositChoice }],
    ["a deposit of both kinds", { ...valid, deposit: { percent: 30, amount: 100 } }, { deposit: estimateMessages.depositChoice }],
    ["a deposit above 100 %", { ...valid, deposit: { percent: 100.01 } }, { "deposit.percent": estimateMessages.depositPercent }],
    ["a deposit percent with 3 decimals", { ...valid, deposit: { percent: 12.345 } }, { "deposit.percent": estimateMessages.depositPercent }],
    ["a negative deposit amount", { ...valid, deposit: { amount: -5 } }, { "deposit.amount": estimateMessages.depositAmount }],
    // Required lines $1,800.00 + 10 % tax = $1,980.00: the total as sent, before any option is ticked.
    ["a fixed deposit above the total", { ...valid, deposit: { amount: 198_001 } }, { "deposit.amount": moneyMessages.depositAboveTotal }],
    ["a total past $999,999.99 with every option ticked", withLine(1, { quantity: 10_000 }), { lines: moneyMessages.totalMax }],
    ["a valid-until date that is not a date", { ...valid, validUntil: "2026-13-01" }, { validUntil: estimateMessages.validUntil }],
    ["a valid-until date in words", { ...valid, validUntil: "next week" }, { validUntil: estimateMessages.validUntil }],
    ["a valid-until date in the past", { ...valid, validUntil: "2026-11-23" }, { validUntil: estimateMessages.validUntilPast }],
    ["no job", { ...valid, jobId: 0 }, { jobId: estimateMessages.jobId }],
    ["a note of 2,001 characters", { ...valid, note: "x".repeat(ESTIMATE_LIMITS.note + 1) }, { note: estimateMessages.note }],
  ])("refuses %s, naming the field", (_name, body, errors) => {
    expect(errorsOf(body)).toEqual(errors);
  });

  it.each<[string, unknown]>([
    ["a fixed deposit equal to the total, tax included", { ...valid, deposit: { amount: 198_000 } }],
    ["a 100 % deposit", { ...valid, deposit: { percent: 100 } }],
    ["a deposit of 12.5 %", { ...valid, deposit: { percent: 12.5 } }],
    ["no deposit at all (0 %)", { ...valid, deposit: { percent: 0 } }],
    ["a discount equal to the required lines", { ...valid, discount: 180_000, deposit: { amount: 0 } }],
    ["a valid-until date of today", { ...valid, validUntil: TODAY }],
    ["a free line", withLine(0, { unitPrice: 0 })],
    ["a quantity of 0.001", withLine(0, { quantity: 0.001 })],
  ])("accepts %s", (_name, body) => {
    expect(errorsOf(body)).toEqual({});
  });

  it("asks for today at each parse, so one schema serves every day", () => {
    let today = "2026-12-24";
    const daily = estimateSchema({ taxRateBasisPoints: 0, today: () => today });
    expect(daily.safeParse(valid).success).toBe(true);
    today = "2026-12-25";
    expect(daily.safeParse(valid).success).toBe(false);
  });

  it("checks the money rules only once every field is well formed", () => {
    expect(errorsOf({ ...withLine(0, { quantity: 0 }), discount: 999_999 })).toEqual({ "lines.0.quantity": estimateMessages.quantity });
  });
});
