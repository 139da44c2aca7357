// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useLocation, useSearch } from "wouter";
import { paymentMessages } from "@common/checkout";
import { estimateKeys } from "@/api/estimates";
import { invoiceKeys } from "@/api/invoices";
import { jobKeys } from "@/api/jobs";
import { mediaKeys } from "@/api/media";
import { paymentKeys } from "@/api/payments";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleCustomer } from "@/testing/sample-billing";
import { useRefreshAfterPayment } from "./api/create-payment-intent";

function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return <output aria-label="Location">{search ? `${path}?${search}` : path}</output>;
}

const intent = (service: string, amount: number) => ({
  status: 200,
  body: { clientSecret: "demo_secret_1", paymentId: 70, provider: "demo", publishableKey: null, service, amount },
});

async function openCheckout(search: string, answers: Parameters<typeof answerRequests>[0]) {
  const sent = answerRequests({ "GET /api/user": { status: 200, body: sampleCustomer }, ...answers });
  const { renderScreen, Page } = await freshPage(() => import("./checkout-page"));
  const { user } = renderScreen(
    <>
      <Page />
      <Where />
    </>,
    `/checkout?${search}`,
  );
  return { sent, user };
}

describe("/checkout for an estimate's deposit or an invoice's balance", () => {
  it("asks the server for the estimate's deposit, shows what it charges, and after paying returns to the estimate", async () => {
    const { sent, user } = await openCheckout("service=Deposit+for+Estimate+%2312&amount=0&estimate=31", {
      "POST /api/create-payment-intent": intent("Deposit for Estimate #12", 698.21),
      "POST /api/demo-payments/confirm": { status: 200, body: { success: true, data: { id: 70, status: "succeeded" } } },
    });
    expect(await screen.findByText("$698.21")).toBeTruthy();
    expect(screen.getByText("Deposit for Estimate #12")).toBeTruthy();
    expect(screen.getByText(/^The deposit due on your accepted estimate/)).toBeTruthy();
    expect(sent.find((request) => request.method === "POST")?.body).toEqual({ service: "Deposit for Estimate #12", estimateId: 31 });

    await user.type(screen.getByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry date"), "12 / 40");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $698.21" }));
    expect(await screen.findByText("Payment Successful")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Location" }).textContent).toBe("/dashboard/estimates/31");
  });

  it("asks for an invoice's balance by its id, and shows the server's refusal when nothing is left to pay", async () => {
    const { sent } = await openCheckout("service=Invoice+2026-0001&amount=0&invoice=41", {
      "POST /api/create-payment-intent": { status: 409, body: { message: paymentMessages.invoiceNotPayable } },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(paymentMessages.invoiceNotPayable);
    expect(sent.find((request) => request.method === "POST")?.body).toEqual({ service: "Invoice 2026-0001", invoiceId: 41 });
  });
});

describe("after a payment", () => {
  it("marks the estimates, invoices and job pages out of date along with the payments", async () => {
    const client = new QueryClient();
    const keys: QueryKey[] = [
      estimateKeys.detail(31),
      estimateKeys.job(12),
      invoiceKeys.all,
      invoiceKeys.job(12),
      jobKeys.detail(12),
      paymentKeys.all,
      mediaKeys.all,
    ];
    for (const key of keys) client.setQueryData(key, { success: true, data: [] });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useRefreshAfterPayment(), { wrapper });
    await result.current();
    expect(keys.map((key) => [key.join("/"), client.getQueryState(key)?.isInvalidated])).toEqual(keys.map((key) => [key.join("/"), key !== mediaKeys.all]));
  });
});
