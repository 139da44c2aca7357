import { describe, expect, it } from "vitest";
import { renderCreditNotePdf } from "./credit-note-pdf";
import { textOf } from "./testing/poppler";
import { sampleInvoice } from "./testing/samples";
import type { CreditNoteDocument } from "./types";

/** A credit note of $100.00 before tax on the sample invoice, at 8.25 %. */
function sampleCreditNote(overrides: Partial<CreditNoteDocument> = {}): CreditNoteDocument {
  const invoice = sampleInvoice();
  return {
    business: { ...invoice.business, legalName: "SkyVantage Aerial LLC", taxNumber: "EIN 12-3456789" },
    customer: { ...invoice.customer, company: "Ångström Energy LLC", billingAddress: "400 Congress Ave\nRound Rock, TX 78664" },
    job: invoice.job,
    currency: "USD",
    timeZone: invoice.timeZone,
    number: "CN-2026-0001",
    invoiceNumber: "2026-0003",
    issuedOn: "2026-04-20",
    reason: "Two rows of panels were not flown.\nCredited at the acre rate.",
    lines: [{ description: "Thermal inspection, 2 acres not flown", amount: 10_000 }],
    subtotal: 10_000,
    taxRateBasisPoints: 825,
    tax: 825,
    total: 10_825,
    invoice: { total: 227_325, credited: 10_825, paid: 68_198, balance: 148_302, owedBack: 0 },
    ...overrides,
  };
}

describe("a credit note's PDF, read back with pdftotext", () => {
  it("names the seller with its legal name and tax number, the buyer at their billing address, both numbers, the lines, tax, total credited and the reason", async () => {
    const text = await textOf(await renderCreditNotePdf(sampleCreditNote()));
    for (const expected of [
      "SkyVantage",
      "SkyVantage Aerial LLC",
      "Tax number EIN 12-3456789",
      "Credit note CN-2026-0001 for invoice 2026-0003",
      "CREDIT TO",
      "Ångström Energy LLC",
      "400 Congress Ave",
      "Round Rock, TX 78664",
      "Issued April 20, 2026",
      "Thermal inspection, 2 acres not flown -$100.00",
      "Subtotal -$100.00",
      "Tax (8.25%) -$8.25",
      "Total credited -$108.25",
      "Invoice 2026-0003 total $2,273.25",
      "Credited to date -$108.25",
      "Balance due $1,483.02",
      "REASON",
      "Two rows of panels were not flown.",
      "Credited at the acre rate.",
      "Credit note CN-2026-0001 for invoice 2026-0003 Page 1 of 1",
      "For invoice 2026-0003",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Owed back");
  });

  it("says what is owed back when the invoice was paid beyond what it now asks", async () => {
    const text = await textOf(
      await renderCreditNotePdf(sampleCreditNote({ invoice: { total: 227_325, credited: 10_825, paid: 227_325, balance: 0, owedBack: 10_825 } })),
    );
    expect(text).toContain("Owed back to you $108.25");
  });
});
