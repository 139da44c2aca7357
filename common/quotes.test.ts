import { describe, expect, it } from "vitest";
import { formatQuoteMessage, isQuoteMessage, parseQuoteMessage, quoteFormSchema, QUOTE_MISSING_FIELDS } from "./quotes";

describe("quote messages (docs/product.md §3)", () => {
  it("writes the documented lines, with Not specified for empty optional fields", () => {
    expect(formatQuoteMessage({ serviceType: "solar", description: "Roof array", budget: "", timeline: " " })).toBe(
      "CUSTOM QUOTE REQUEST:\nService: solar\nDescription: Roof array\nBudget: Not specified\nTimeline: Not specified",
    );
  });

  it("reads back what it wrote, multi-line descriptions included", () => {
    const quote = { serviceType: "mapping", description: "Map 40 acres.\nTwo fields, one orchard.", budget: "$2,000", timeline: "May" };
    expect(parseQuoteMessage(formatQuoteMessage(quote))).toEqual(quote);
  });

  it("turns Not specified back into empty fields", () => {
    expect(parseQuoteMessage(formatQuoteMessage({ serviceType: "other", description: "x" }))).toEqual({
      serviceType: "other",
      description: "x",
      budget: "",
      timeline: "",
    });
  });

  it("recognises only messages that begin with the prefix", () => {
    expect(isQuoteMessage("CUSTOM QUOTE REQUEST:\nService: solar")).toBe(true);
    expect(isQuoteMessage("Hello, CUSTOM QUOTE REQUEST: inside")).toBe(false);
    expect(parseQuoteMessage("Just a question about drones")).toBeNull();
  });

  it("gives no quote when service or description is missing", () => {
    expect(parseQuoteMessage("CUSTOM QUOTE REQUEST:\nService: \nDescription: \nBudget: Not specified\nTimeline: Not specified")).toBeNull();
  });

  it("requires service type and description with the documented message", () => {
    const result = quoteFormSchema.safeParse({ serviceType: "", description: "  " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([QUOTE_MISSING_FIELDS, QUOTE_MISSING_FIELDS]);
  });
});
