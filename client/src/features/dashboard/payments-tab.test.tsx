// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleInvoice, samplePayment } from "@/testing/sample-billing";
import { sampleJob } from "@/testing/sample-job";
import { PaymentsTab } from "./payments-tab";

const list = (...data: unknown[]) => ({ status: 200, body: { success: true, data } });

describe("the dashboard's Payments tab", () => {
  it("lists the invoices above the payments, the refunds and a receipt for each succeeded payment", async () => {
    const payments = [
      samplePayment({
        id: 11,
        description: "Invoice 2026-0001",
        amount: 162_917,
        estimateId: null,
        invoiceId: 41,
        refundedAmount: 5_000,
        createdAt: "2026-12-21T10:00:00.000Z",
      }),
      samplePayment({
        id: 10,
        description: "Bank transfer for Invoice 2026-0002",
        amount: 20_000,
        estimateId: null,
        invoiceId: 42,
        provider: "offline",
        method: "bank_transfer",
      }),
      samplePayment({ id: 9 }),
      samplePayment({ id: 8, status: "failed", failureMessage: "Your card was declined." }),
    ];
    answerRequests({
      "GET /api/invoices": list(sampleInvoice({ status: "paid", paid: 232_738, balance: 0 })),
      "GET /api/payments": list(...payments),
      "GET /api/jobs": list(sampleJob({ id: 12, title: "Roof array survey" })),
    });
    renderScreen(<PaymentsTab />);

    const invoices = await screen.findByRole("table", { name: "Your invoices, newest first" });
    const history = await screen.findByRole("table", { name: "Your payments, newest first" });
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Invoices", "Payment history"]);
    expect(within(invoices).getByRole("rowheader").textContent).toContain("2026-0001");
    expect(within(invoices).queryByRole("link", { name: /^Pay/ })).toBeNull();

    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows[0]!.textContent).toContain("$1,629.17Refunded $50.00");
    expect(
      within(rows[0]!)
        .getByRole("link", { name: /^Receipt for Invoice 2026-0001/ })
        .getAttribute("href"),
    ).toBe("/api/payments/11/receipt");
    expect(await within(rows[0]!).findByRole("link", { name: "Job: Roof array survey" })).toBeTruthy();
    expect(rows[1]!.textContent).toContain("Bank transfer");
    expect(
      within(rows[1]!)
        .getByRole("link", { name: /^Receipt/ })
        .getAttribute("href"),
    ).toBe("/api/payments/10/receipt");
    expect(within(rows[2]!).getByRole("link", { name: /^Receipt for Deposit for Estimate #12/ })).toBeTruthy();
    expect(within(rows[3]!).queryByRole("link", { name: /Receipt/ })).toBeNull();
    expect(within(rows[3]!).getByText("Your card was declined.")).toBeTruthy();
    expect(within(history).getAllByRole("link", { name: /Receipt/ })).toHaveLength(3);
  });

  it("says when there are no invoices yet and still lists the payments", async () => {
    answerRequests({ "GET /api/invoices": list(), "GET /api/payments": list(samplePayment()), "GET /api/jobs": list() });
    renderScreen(<PaymentsTab />);
    expect(await screen.findByText(/^No invoices yet/)).toBeTruthy();
    expect(await screen.findByRole("table", { name: "Your payments, newest first" })).toBeTruthy();
  });
});
