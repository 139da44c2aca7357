import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { acceptedContent, acceptedSha256, canonicalJson } from "./digest";

const estimate = {
  number: 12,
  revision: 2,
  jobTitle: "Solar array thermal inspection",
  currency: "usd",
  lines: [
    { id: 8, position: 2, description: "Orthomosaic map", quantity: 1, unit: "", unitPrice: 35_000, amount: 35_000, optional: true },
    { id: 7, position: 1, description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, amount: 180_000, optional: false },
  ],
  discount: 0,
  taxRateBasisPoints: 825,
  depositPercent: 30,
  depositAmount: 58_455,
  validUntil: "2026-03-31",
  note: "Zoë's note",
};
const figures = { subtotal: 215_000, tax: 17_738, total: 232_738, depositAmount: 69_821 };

describe("the SHA-256 of what a customer accepted", () => {
  it("is taken over canonical JSON: keys sorted at every depth, no spaces, arrays in their order", () => {
    expect(canonicalJson({ b: 1, a: [{ d: "x", c: null }, true], é: "ü" })).toBe('{"a":[{"c":null,"d":"x"},true],"b":1,"é":"ü"}');
  });

  it("pins the content: the lines in their printed order, the ticked ids ascending, the deposit as asked, the figures accepted", () => {
    const content = acceptedContent(estimate, [9, 8], figures);
    const expected =
      '{"accepted":{"depositAmount":69821,"subtotal":215000,"tax":17738,"total":232738},"chosenOptionalLineIds":[8,9],"currency":"usd","deposit":{"percent":30},"discount":0,' +
      '"jobTitle":"Solar array thermal inspection","lines":[{"amount":180000,"description":"Thermal inspection","id":7,"optional":false,"position":1,"quantity":40,"unit":"acre","unitPrice":4500},' +
      '{"amount":35000,"description":"Orthomosaic map","id":8,"optional":true,"position":2,"quantity":1,"unit":"","unitPrice":35000}],"note":"Zoë\'s note","number":12,"revision":2,"taxRateBasisPoints":825,"validUntil":"2026-03-31"}';
    expect(canonicalJson(content as never)).toBe(expected);
    expect(acceptedSha256(content)).toBe(createHash("sha256").update(expected, "utf8").digest("hex"));
  });

  it("is the same whatever order the keys and lines arrive in, and changes with any word or figure", () => {
    const hash = acceptedSha256(acceptedContent(estimate, [8], figures));
    expect(
      acceptedSha256(
        acceptedContent({ ...estimate, lines: [...estimate.lines].reverse() }, [8], { total: 232_738, tax: 17_738, subtotal: 215_000, depositAmount: 69_821 }),
      ),
    ).toBe(hash);
    for (const changed of [
      acceptedContent({ ...estimate, note: "Zoe's note" }, [8], figures),
      acceptedContent({ ...estimate, validUntil: "2026-04-01" }, [8], figures),
      acceptedContent({ ...estimate, depositPercent: null }, [8], figures),
      acceptedContent(estimate, [], figures),
      acceptedContent(estimate, [8], { ...figures, tax: 17_739 }),
      acceptedContent(
        { ...estimate, lines: estimate.lines.map((line) => (line.id === 7 ? { ...line, description: "Thermal inspection." } : line)) },
        [8],
        figures,
      ),
    ]) {
      expect(acceptedSha256(changed)).not.toBe(hash);
    }
  });

  it("leaves out which price list item a line came from: deleting the item forgets it, and what was signed must still prove out", () => {
    const fromTheList = { ...estimate, lines: estimate.lines.map((line) => ({ ...line, priceListItemId: line.id === 7 ? 31 : null })) };
    expect(acceptedSha256(acceptedContent(fromTheList, [8], figures))).toBe(acceptedSha256(acceptedContent(estimate, [8], figures)));
  });
});
