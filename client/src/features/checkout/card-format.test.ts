import { describe, expect, it } from "vitest";
import { formatCardNumber, formatCvc, formatExpiry } from "./card-format";

describe.each([
  {
    rule: "groups a card number in fours and drops anything but digits",
    format: formatCardNumber,
    examples: { "4242424242424242": "4242 4242 4242 4242", "4242 4242 4242 4242": "4242 4242 4242 4242", "4000-0000-00": "4000 0000 00", "4242": "4242", "": "" },
  },
  {
    rule: "writes the expiry as MM / YY",
    format: formatExpiry,
    examples: { "1": "1", "12": "12 / ", "123": "12 / 3", "12 / 34": "12 / 34", "12/345": "12 / 34", "4": "04 / " },
  },
  { rule: "keeps at most four digits of a CVC", format: formatCvc, examples: { "12a34 5": "1234" } },
])("formatting card fields while typing: $rule", ({ format, examples }) => {
  it.each(Object.entries(examples))("%j reads %j", (typed, shown) => {
    expect(format(typed)).toBe(shown);
  });
});
