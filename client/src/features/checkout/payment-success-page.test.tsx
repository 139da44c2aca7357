// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { sampleAmelia } from "@/testing/sample-users";
import { freshPage } from "@/testing/fresh-page";

const customer = sampleAmelia;

const payment = {
  id: 9,
  description: "Custom Service",
  amount: 7500,
  currency: "usd",
  status: "processing",
  failureMessage: null,
  serviceId: null,
  quoteId: null,
  subscriptionId: null,
  provider: "stripe",
  reference: "pi_1",
  createdAt: "2026-01-05T10:00:00.000Z",
};

describe("/payment-success while the payment is being confirmed", () => {
  it("Check again asks for the payment afresh and shows what became of it", async () => {
    const recorded = [payment, { ...payment, status: "failed", failureMessage: "Your card was declined." }];
    const sent = answerRequests({
      "GET /api/user": { status: 200, body: customer },
      "GET /api/payments": () => ({ status: 200, body: { success: true, data: [recorded.shift() ?? payment] } }),
    });
    const { renderScreen, Page: PaymentSuccessPage } = await freshPage(() => import("./payment-success-page"));
    const { user } = renderScreen(<PaymentSuccessPage />, "/payment-success?payment_intent=pi_1&redirect_status=succeeded");

    expect(await screen.findByRole("heading", { level: 1, name: "Payment processing" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Check again" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Payment Failed" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Your card was declined.");
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/checkout?service=Custom+Service&amount=75");
    expect(sent.filter((request) => request.url === "/api/payments")).toHaveLength(2);
  });
});
