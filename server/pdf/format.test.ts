import { describe, expect, it } from "vitest";
import { formatMoney } from "@common/money";
import { formatDate, formatInstant, formatPaymentMethod, formatPercent, formatQuantity, formatRate } from "./format";

describe("how the documents write figures", () => {
  it("writes integer minor units as money in the document's currency", () => {
    expect(formatMoney(123_456, "USD")).toBe("$1,234.56");
    expect(formatMoney(0, "USD")).toBe("$0.00");
    expect(formatMoney(1, "USD")).toBe("$0.01");
    expect(formatMoney(-5000, "USD")).toBe("-$50.00");
    expect(formatMoney(99_999_999, "USD")).toBe("$999,999.99");
    expect(formatMoney(123_456, "EUR")).toBe("€1,234.56");
    expect(formatMoney(1235, "JPY")).toBe("¥1,235");
  });

  it("refuses a fraction of a minor unit and a code that is no currency", () => {
    expect(() => formatMoney(12.5, "USD")).toThrow(RangeError);
    expect(() => formatMoney(100, "dollars")).toThrow(RangeError);
  });

  it("writes quantities as given with their unit, and rates and percentages with at most 2 decimals", () => {
    expect(formatQuantity({ quantity: 40, unit: "acre" })).toBe("40 acre");
    expect(formatQuantity({ quantity: 40.125, unit: "acre" })).toBe("40.125 acre");
    expect(formatQuantity({ quantity: 1200 })).toBe("1,200");
    expect(formatRate(825)).toBe("8.25%");
    expect(formatRate(0)).toBe("0%");
    expect(formatRate(10_000)).toBe("100%");
    expect(formatPercent(33.33)).toBe("33.33%");
  });

  it("writes calendar dates the same in every zone, and refuses one that does not exist", () => {
    expect(formatDate("2026-03-01")).toBe("March 1, 2026");
    expect(formatDate("2026-12-31")).toBe("December 31, 2026");
    for (const date of ["2026-02-30", "2026-3-1", "01/03/2026", ""]) expect(() => formatDate(date)).toThrow(RangeError);
  });

  it("writes a moment in the business's zone, saying which", () => {
    const at = new Date("2026-07-01T09:30:00Z");
    expect(formatInstant(at, "UTC")).toBe("July 1, 2026 at 9:30 AM UTC");
    expect(formatInstant(at, "America/New_York")).toBe("July 1, 2026 at 5:30 AM EDT");
    expect(formatInstant(at, "Europe/Madrid")).toBe("July 1, 2026 at 11:30 AM GMT+2");
  });

  it("names a card by brand and last four digits, and an offline payment by its method", () => {
    expect(formatPaymentMethod({ kind: "card", brand: "visa", last4: "4242" })).toBe("Visa •••• 4242");
    expect(formatPaymentMethod({ kind: "card", last4: "0005" })).toBe("Card •••• 0005");
    expect(formatPaymentMethod({ kind: "bank_transfer" })).toBe("Bank transfer");
    expect(formatPaymentMethod({ kind: "cheque" })).toBe("Cheque");
    expect(formatPaymentMethod({ kind: "cash" })).toBe("Cash");
  });
});
