import { describe, expect, it } from "vitest";
import { SAMPLE_INVOICE_TOTALS_TEXT } from "../testing/billing";
import { renderInvoicePdf } from "./invoice-pdf";
import { imagesOf, pagesOf, pixelColoursOf, textOf } from "./testing/poppler";
import { sampleInvoice, sampleLongInvoice } from "./testing/samples";

describe("an invoice's PDF, read back with pdftotext", () => {
  it("carries the business, the customer, the job, its number and dates, lines, totals, what was paid and the balance", async () => {
    const pdf = await renderInvoicePdf(sampleInvoice());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(pdf);
    for (const expected of [
      "SkyVantage",
      "12 Hangar Road, Suite 4",
      "Austin, TX 78701",
      "+1 (555) 014-7720",
      "missions@skyvantage.example",
      "Invoice 2026-0001",
      "BILL TO",
      "Zoë Ångström",
      "zoe@example.com",
      "Solar array thermal inspection",
      "Pecan Creek Solar Farm, Bastrop County, TX",
      "Issued April 2, 2026",
      "Due April 16, 2026",
      "Description Quantity Unit price Amount",
      "Thermal inspection 40 acre $45.00 $1,800.00",
      "Orthomosaic map of the whole site 1 $350.00 $350.00",
      "Optional item, chosen",
      ...SAMPLE_INVOICE_TOTALS_TEXT,
      "March 3, 2026 at 10:20 AM CST Visa •••• 4242 pi_3PdepositA1b2C3 $681.98",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    // An open invoice has no stamp and no paid-on date.
    expect(text).not.toMatch(/PAID|VOID|Paid on/);
  });

  it("bills the buyer's company at their billing address, each line of it on its own line", async () => {
    const invoice = sampleInvoice();
    const text = await textOf(
      await renderInvoicePdf({
        ...invoice,
        customer: { ...invoice.customer, company: "Ångström Energy LLC", billingAddress: "400 Congress Ave\nRound Rock, TX 78664" },
      }),
    );
    const order = ["BILL TO", "Zoë Ångström", "Ångström Energy LLC", "400 Congress Ave", "Round Rock, TX 78664", "zoe@example.com"].map((line) =>
      text.indexOf(line),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("prints the seller's legal name and VAT number, the tax by its label, in euros, and how to pay an open invoice", async () => {
    const invoice = sampleInvoice({
      business: { ...sampleInvoice().business, name: "Prairie Drone Works", legalName: "Prairie Drone Works GmbH", taxNumber: "DE123456789", taxLabel: "VAT" },
      currency: "EUR",
      charge: { subtotal: 100_000, discount: 0, taxRateBasisPoints: 1900, tax: 19_000, total: 119_000 },
      paymentTerms: "Payable within 14 days of the invoice date.",
      bankDetails: "IBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX",
    });
    const text = await textOf(await renderInvoicePdf(invoice));
    for (const expected of [
      "Prairie Drone Works GmbH",
      "VAT number DE123456789",
      "VAT (19%) €190.00",
      "Total €1,190.00",
      "PAYMENT TERMS",
      "Payable within 14 days",
      "PAY BY BANK TRANSFER",
      "IBAN DE89 3704 0044 0532 0130 00",
      "BIC COBADEFFXXX",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Tax (");
    // Once paid, nothing is left to pay: no terms or account.
    expect(await textOf(await renderInvoicePdf({ ...invoice, status: "paid" }))).not.toContain("PAY BY BANK TRANSFER");
  });

  it("marks a paid invoice with the day it was paid, and lists an offline payment and a card refund under their payments", async () => {
    const pdf = await renderInvoicePdf(
      sampleInvoice({
        status: "paid",
        paid: 227_325,
        balance: 0,
        payments: [
          {
            amount: 70_198,
            at: new Date("2026-03-03T16:20:00Z"),
            method: { kind: "card", brand: "visa", last4: "4242" },
            reference: "pi_3PdepositA1b2C3",
            refunds: [{ amount: 2000, at: new Date("2026-03-05T15:00:00Z"), reference: "re_3PrefundG7h8" }],
          },
          { amount: 159_127, at: new Date("2026-04-09T17:45:00Z"), method: { kind: "bank_transfer" }, reference: "TRF 88412" },
        ],
      }),
    );
    const text = await textOf(pdf);
    expect(text).toMatch(/Invoice 2026-0001 PAID/);
    expect(text).toContain("Paid on April 9, 2026 at 12:45 PM CDT");
    expect(text).toContain("March 3, 2026 at 10:20 AM CST Visa •••• 4242 pi_3PdepositA1b2C3 $701.98");
    expect(text).toContain("March 5, 2026 at 9:00 AM CST Refund to Visa •••• 4242 re_3PrefundG7h8 -$20.00");
    expect(text).toContain("April 9, 2026 at 12:45 PM CDT Bank transfer TRF 88412 $1,591.27");
    expect(text).toContain("Paid $2,273.25");
    expect(text).toContain("Balance due $0.00");
  });

  it("stamps a void invoice and prints a cheque", async () => {
    const text = await textOf(
      await renderInvoicePdf(
        sampleInvoice({
          status: "void",
          payments: [{ amount: 68_198, at: new Date("2026-03-03T16:20:00Z"), method: { kind: "cheque" }, reference: "No. 000123" }],
        }),
      ),
    );
    expect(text).toMatch(/Invoice 2026-0001 VOID/);
    expect(text).toContain("Cheque No. 000123 $681.98");
  });

  it("spreads 100 lines over several pages, each with the table's header, the document's name and Page N of M", async () => {
    const pdf = await renderInvoicePdf(sampleLongInvoice(100));
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain("Description Quantity Unit price Amount");
      expect(page).toMatch(new RegExp(`Invoice 2026-0001 Page ${index + 1} of ${pages.length}$`));
      if (index > 0) expect(page).toContain("Invoice 2026-0001 (continued)");
    });
    expect(pages[0]).not.toContain("(continued)");
    // Every line once, in order, whole (rows never split across pages), the long ones wrapped.
    const text = pages.join("\n");
    const order = Array.from({ length: 100 }, (_, index) => text.indexOf(`Line ${index + 1}: `));
    expect(order.every((at, index) => at >= 0 && (index === 0 || at > (order[index - 1] ?? 0)))).toBe(true);
    expect(text.match(/Line \d+: /g)).toHaveLength(100);
    expect(text).toContain("Line 1: thermal survey of array block 1, with a radiometric 1 panel row $12.50 $12.50");
    expect(text).toMatch(
      /image of every string, a note for each hot spot found and its\nposition on the site map\nLine 2: array block 2 2 panel row \$12.75 \$25.50/,
    );
    expect(text).toContain("Line 100: array block 100 1 panel row $37.25 $37.25");
    // The totals follow the last line, on the last page.
    expect(pages.at(-1)).toContain("Subtotal $12,453.50");
    expect(pages.at(-1)).toContain("Tax (8.25%) $1,027.41");
    expect(pages.at(-1)).toContain("Total $13,480.91");
    expect(pages.at(-1)).toContain("Balance due $13,480.91");
  });

  it("draws no image without a logo", async () => {
    expect(await imagesOf(await renderInvoicePdf(sampleInvoice()))).toEqual([]);
  });
});

describe("an invoice's PDF in the brand's colour", () => {
  it("draws the business's name in the brand's colour when one is set, in the documents' own blue when none is", async () => {
    const own = await pixelColoursOf(await renderInvoicePdf(sampleInvoice()));
    expect(own.has("#0b4f8a")).toBe(true);
    const sample = sampleInvoice();
    const branded = await pixelColoursOf(await renderInvoicePdf({ ...sample, business: { ...sample.business, accentColor: "#2e7d32" } }));
    expect(branded.has("#2e7d32")).toBe(true);
    expect(branded.has("#0b4f8a")).toBe(false);
  });
});
