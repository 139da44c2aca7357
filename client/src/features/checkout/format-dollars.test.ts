import { describe, expect, it } from "vitest";
import { formatDollars } from "./format-dollars";

describe("formatDollars", () => {
  it("shows whole dollars without cents, and cents when there are some", () => {
    expect(formatDollars(75)).toBe("$75");
    expect(formatDollars(100_000)).toBe("$100,000");
    expect(formatDollars(49.5)).toBe("$49.50");
  });
});
