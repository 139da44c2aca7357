import { describe, expect, it } from "vitest";
import { amountCents, centsFromDollars, DOLLARS_MESSAGE } from "./money-input";

describe("dollars typed into a money field", () => {
  it.each([
    ["45", 4_500],
    [" 45.5 ", 4_550],
    ["0.29", 29],
    ["$1,250.50", 125_050],
    ["1250.05", 125_005],
    ["999999.99", 99_999_999],
    ["0", 0],
    ["3,850", 385_000],
    ["$3,850.00", 385_000],
    ["3850.5", 385_050],
    [" 3 850 ", 385_000],
    ["3\u00a0850", 385_000],
    ["$ 12", 1_200],
  ])("reads %j as %i cents, from the digits", (typed, cents) => {
    expect(centsFromDollars(typed)).toBe(cents);
  });

  it.each(["", "12.345", "-5", "1,25", "12,50", "1e3", "abc", ".5", "5.", "3.850,00", "3.850", "3,850 000", "38,50,000"])("refuses %j", (typed) => {
    expect(centsFromDollars(typed)).toBeNull();
  });
});

describe("a form's amount field (the record payment and refund dialogs)", () => {
  it("gives the cents typed, refusing nothing; or refuses the field with DOLLARS_MESSAGE and gives null", () => {
    const refused: string[] = [];
    expect(amountCents("1,250.50", (message) => refused.push(message))).toBe(125_050);
    expect(refused).toEqual([]);
    expect(amountCents("12,5", (message) => refused.push(message))).toBeNull();
    expect(refused).toEqual([DOLLARS_MESSAGE]);
  });
});
