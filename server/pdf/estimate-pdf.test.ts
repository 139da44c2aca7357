import { describe, expect, it } from "vitest";
import { renderEstimatePdf } from "./estimate-pdf";
import { textOf } from "./testing/poppler";
import { sampleEstimate } from "./testing/samples";

describe("an estimate's PDF, read back with pdftotext", () => {
  it("carries its number and revision, dates, lines with the optional item offered, totals, deposit, note and how to accept", async () => {
    const text = await textOf(await renderEstimatePdf(sampleEstimate()));
    for (const expected of [
      "SkyVantage",
      "Estimate #12 (revision 2)",
      "PREPARED FOR",
      "Zoë Ångström",
      "zoe@example.com",
      "Solar array thermal inspection",
      "Pecan Creek Solar Farm, Bastrop County, TX",
      "Issued March 1, 2026",
      "Valid until March 31, 2026",
      "Thermal inspection 40 acre $45.00 $1,800.00",
      "Flight crew, half day 2.5 hour $33.33 $83.33",
      "Orthomosaic map of the whole site 1 $350.00 $350.00\nOptional item: counted only if chosen",
      "Subtotal $1,883.33",
      "Discount -$50.00",
      "Tax (8.25%) $151.25",
      "Total $1,984.58",
      "Deposit due on acceptance (30%) $595.37",
      "NOTE\nFlights are planned for dry mornings; we reschedule at no cost when the forecast turns.",
      "Open this estimate in your customer account to choose its optional items and accept it by March 31, 2026.",
      "Estimate #12 (revision 2) Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/ACCEPTED|Accepted on/);
  });

  it("prepares it for the customer's company at their billing address, as the invoice bills them", async () => {
    const estimate = {
      ...sampleEstimate(),
      customer: { name: "Zoë Ångström", email: "zoe@example.com", company: "Pecan Creek Solar LLC", billingAddress: "400 Congress Ave\nAustin, TX 78701" },
    };
    const text = await textOf(await renderEstimatePdf(estimate));
    expect(text).toMatch(/PREPARED FOR[^]*Zoë Ångström[^]*Pecan Creek Solar LLC[^]*400 Congress Ave[^]*Austin, TX 78701[^]*zoe@example\.com/);
  });

  it("once signed, shows who accepted and when, in the business's zone, and which optional items they chose", async () => {
    const estimate = sampleEstimate();
    const [first, second, optional] = estimate.lines;
    if (!first || !second || !optional) throw new Error("the sample has three lines");
    const text = await textOf(
      await renderEstimatePdf({
        ...estimate,
        lines: [first, { ...second, optional: { chosen: false } }, { ...optional, optional: { chosen: true } }],
        acceptance: { name: "Zoë Ångström", at: new Date("2026-03-03T16:15:00Z") },
      }),
    );
    expect(text).toMatch(/Estimate #12 \(revision 2\) ACCEPTED/);
    expect(text).toContain("Accepted on March 3, 2026 at 10:15 AM CST");
    expect(text).toContain("Flight crew, half day 2.5 hour $33.33 $83.33\nOptional item, not chosen: not counted");
    expect(text).toContain("Orthomosaic map of the whole site 1 $350.00 $350.00\nOptional item, chosen");
    expect(text).toContain("ACCEPTANCE\nAccepted by Zoë Ångström on March 3, 2026 at 10:15 AM CST, signed by typing their full name.");
    expect(text).not.toContain("Open this estimate");
  });

  it("names a first revision by its number alone, and leaves out a deposit, a discount and a note it does not have", async () => {
    const text = await textOf(
      await renderEstimatePdf(
        sampleEstimate({
          revision: 1,
          deposit: 0,
          depositPercent: undefined,
          note: undefined,
          charge: { subtotal: 188_333, discount: 0, taxRateBasisPoints: 0, tax: 0, total: 188_333 },
        }),
      ),
    );
    expect(text).toMatch(/^Estimate #12$/m);
    expect(text).not.toContain("revision");
    expect(text).toContain("Tax (0%) $0.00");
    expect(text).not.toMatch(/Deposit|Discount|NOTE/);
  });

  it("says a fixed deposit without a percentage", async () => {
    const text = await textOf(await renderEstimatePdf(sampleEstimate({ deposit: 50_000, depositPercent: undefined })));
    expect(text).toContain("Deposit due on acceptance $500.00");
  });
});
