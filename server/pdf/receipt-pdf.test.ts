import { describe, expect, it } from "vitest";
import { renderReceiptPdf } from "./receipt-pdf";
import { textOf } from "./testing/poppler";
import { sampleReceipt } from "./testing/samples";

describe("a payment's receipt as a PDF, read back with pdftotext", () => {
  it("carries who paid, when, for what, with which card and reference, and where the invoice stands", async () => {
    const text = await textOf(await renderReceiptPdf(sampleReceipt()));
    for (const expected of [
      "SkyVantage",
      "Receipt PAID",
      "RECEIVED FROM",
      "Zoë Ångström",
      "Receipt number 2026-0001-2",
      "Paid on April 10, 2026 at 9:05 AM CDT",
      "Payment for Invoice 2026-0001",
      "April 10, 2026 at 9:05 AM CDT Visa •••• 4242 pi_3PbalanceD4e5F6 $1,591.27",
      "Amount paid $1,591.27",
      "Invoice 2026-0001 total $2,273.25",
      "Paid to date $2,273.25",
      "Balance due $0.00",
      "Receipt 2026-0001-2 Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Refund/);
  });

  it("lists a deposit's refunds and what the payment leaves paid", async () => {
    const text = await textOf(
      await renderReceiptPdf(
        sampleReceipt({
          number: "2026-0001-1",
          paidFor: "Deposit for Estimate #12 (revision 2)",
          payment: {
            amount: 59_537,
            at: new Date("2026-03-03T16:20:00Z"),
            method: { kind: "card", last4: "4242" },
            reference: "pi_3PdepositA1b2C3",
            refunds: [
              { amount: 2000, at: new Date("2026-03-05T15:00:00Z"), reference: "re_3PrefundG7h8" },
              { amount: 537, at: new Date("2026-03-06T15:00:00Z") },
            ],
          },
          refunded: 2537,
          netPaid: 57_000,
          standing: { of: "Estimate #12 (revision 2)", total: 198_458, paid: 57_000, balance: 141_458 },
        }),
      ),
    );
    expect(text).toContain("Receipt PARTLY REFUNDED");
    expect(text).toContain("Payment for Deposit for Estimate #12");
    expect(text).toContain("PAYMENT AND REFUNDS");
    expect(text).toContain("March 3, 2026 at 10:20 AM CST Card •••• 4242 pi_3PdepositA1b2C3 $595.37");
    expect(text).toContain("March 5, 2026 at 9:00 AM CST Refund to Card •••• 4242 re_3PrefundG7h8 -$20.00");
    expect(text).toContain("March 6, 2026 at 9:00 AM CST Refund to Card •••• 4242 -$5.37");
    expect(text).toContain("Amount paid $595.37\nRefunded -$25.37\nNet paid $570.00");
    expect(text).toContain("Estimate #12 (revision 2) total $1,984.58");
    expect(text).toContain("Balance due $1,414.58");
  });

  it("says a payment refunded in full, and an offline payment by its method", async () => {
    const text = await textOf(
      await renderReceiptPdf(
        sampleReceipt({
          payment: {
            amount: 10_000,
            at: new Date("2026-04-10T14:05:00Z"),
            method: { kind: "cheque" },
            reference: "No. 000123",
            refunds: [{ amount: 10_000, at: new Date("2026-04-11T14:05:00Z") }],
          },
          refunded: 10_000,
          netPaid: 0,
          standing: undefined,
        }),
      ),
    );
    expect(text).toContain("Receipt REFUNDED");
    expect(text).toContain("Cheque No. 000123 $100.00");
    expect(text).toContain("Refund to Cheque -$100.00");
    expect(text).toContain("Net paid $0.00");
    expect(text).not.toContain("Balance due");
  });
});
