import { describe, expect, it } from "vitest";
import { formatInvoiceNumber } from "./invoices";

describe("invoice numbers (docs/decisions/0023-money-rounding.md)", () => {
  it.each([
    [2026, 1, "2026-0001"],
    [2026, 42, "2026-0042"],
    [2026, 9_999, "2026-9999"],
    [2026, 10_000, "2026-10000"],
    [2027, 123_456, "2027-123456"],
  ])("year %i, sequence %i is %s", (year, sequence, number) => {
    expect(formatInvoiceNumber(year, sequence)).toBe(number);
  });

  it("keeps the sequence's order when a list sorts the numbers as text with numeric collation", () => {
    const numbers = [
      [2027, 1],
      [2026, 10_000],
      [2026, 9_999],
      [2026, 2],
    ].map(([year, sequence]) => formatInvoiceNumber(year ?? 0, sequence ?? 0));
    expect(numbers.sort((a, b) => a.localeCompare(b, "en", { numeric: true }))).toEqual(["2026-0002", "2026-9999", "2026-10000", "2027-0001"]);
  });

  it("refuses a year that is not four digits and a sequence that is not a whole number from 1", () => {
    for (const [year, sequence] of [
      [26, 1],
      [10_000, 1],
      [2026, 0],
      [2026, 1.5],
    ])
      expect(() => formatInvoiceNumber(year ?? 0, sequence ?? 0)).toThrow(RangeError);
  });
});
