// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminPayment } from "@common/contract/payments";
import { invoiceMessages } from "@common/invoices";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { samplePayment } from "@/testing/sample-billing";
import { PaymentsTab } from "./payments-tab";

const payment = (overrides: Partial<AdminPayment>): AdminPayment => ({
  ...samplePayment({ id: 61, estimateId: 51, reference: "pi_deposit", createdAt: "2026-11-02T09:00:00.000Z" }),
  userId: 4,
  customerName: "amelia",
  customerEmail: "amelia@example.com",
  ...overrides,
});

const list = (...rows: unknown[]) => ({ status: 200, body: { success: true, data: rows } });

const PAYMENTS = [
  payment({ id: 61, refundedAmount: 5_000 }),
  payment({ id: 62, description: "Invoice 2026-0007", amount: 100_000, provider: "offline", method: "cheque", estimateId: null, invoiceId: 81 }),
  payment({ id: 63, description: "Invoice 2026-0007", amount: 162_917, status: "failed", failureMessage: "Your card was declined." }),
];

const rowOf = (id: number) =>
  screen.getAllByRole("row").find((row) => row.querySelector(`a[href="/api/payments/${id}/receipt"]`) ?? row.textContent?.includes("declined"))!;

describe("the back office's Payments tab", () => {
  it("shows what refunds gave back, a receipt for each succeeded payment, and Refund on card payments alone", async () => {
    answerRequests({ "GET /api/admin/payments": list(...PAYMENTS) });
    renderScreen(<PaymentsTab />);
    const table = await screen.findByRole("table", { name: "Payments of every customer, newest first" });
    expect(within(table).getByRole("columnheader", { name: "Refunded" })).toBeTruthy();
    const [card, cheque, failed] = [rowOf(61), rowOf(62), rowOf(63)];
    expect(card!.textContent).toContain("$50.00");
    expect(
      within(card!)
        .getByRole("link", { name: /^Receipt/ })
        .getAttribute("href"),
    ).toBe("/api/payments/61/receipt");
    expect(within(card!).getByRole("button", { name: /^Refund/ })).toBeTruthy();
    expect(
      within(cheque!)
        .getByRole("link", { name: /^Receipt/ })
        .getAttribute("href"),
    ).toBe("/api/payments/62/receipt");
    expect(within(cheque!).queryByRole("button", { name: /^Refund/ })).toBeNull();
    expect(within(failed!).queryByRole("link", { name: /^Receipt/ })).toBeNull();
    expect(within(failed!).queryByRole("button", { name: /^Refund/ })).toBeNull();
  });

  it("refunds part of a card payment, at most what is left, each refusal under its field", async () => {
    let tries = 0;
    const sent = answerRequests({
      "GET /api/admin/payments": list(...PAYMENTS),
      "POST /api/admin/payments/61/refund": () =>
        ++tries === 1
          ? { status: 400, body: { message: invoiceMessages.refundReason, errors: { reason: invoiceMessages.refundReason } } }
          : {
              status: 201,
              body: {
                success: true,
                data: {
                  id: 4,
                  paymentId: 61,
                  amount: 10_000,
                  refundedAmount: 15_000,
                  status: "succeeded",
                  reason: "Shorter flight",
                  createdAt: "2026-11-05T09:00:00.000Z",
                },
              },
            },
    });
    const { user } = renderScreen(<PaymentsTab />);
    await screen.findByRole("table");
    await user.click(within(rowOf(61)!).getByRole("button", { name: "Refund $698.21 from amelia" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment" });
    const amount = within(dialog).getByLabelText<HTMLInputElement>("Amount (USD)");
    expect(amount.value).toBe("648.21");

    await user.clear(amount);
    await user.type(amount, "648.22");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText(invoiceMessages.refundAboveRefundable)).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");

    await user.clear(amount);
    await user.type(amount, "100");
    await user.type(within(dialog).getByLabelText("Reason"), "Shorter flight");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect((await within(dialog).findByText(invoiceMessages.refundReason)).getAttribute("id")).toBe("payment-61-refund-reason-error");
    expect(amount.value).toBe("100");

    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await screen.findByText("Refund made")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([
      { amount: 10_000, reason: "Shorter flight" },
      { amount: 10_000, reason: "Shorter flight" },
    ]);
    // The list reloads after each answer (a refusal may mean the payment changed meanwhile), the last time to show the refund.
    expect(sent.filter((request) => request.url === "/api/admin/payments")).toHaveLength(3);
    expect(sent.at(-1)?.url).toBe("/api/admin/payments");
  });
});
