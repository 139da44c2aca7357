import { describe, expect, it } from "vitest";
import { formatCardNumber, formatCvc, formatExpiry } from "./card-format";

describe("formatting card fields while typing", () => {
  it("groups a card number in fours and drops anything but digits", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 4242 4242 4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0000-00")).toBe("4000 0000 00");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("")).toBe("");
  });

  it("writes the expiry as MM / YY", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("123")).toBe("12 / 3");
    expect(formatExpiry("12 / 34")).toBe("12 / 34");
    expect(formatExpiry("12/345")).toBe("12 / 34");
    expect(formatExpiry("4")).toBe("04 / ");
  });

  it("keeps at most four digits of a CVC", () => {
    expect(formatCvc("12a34 5")).toBe("1234");
  });
});
