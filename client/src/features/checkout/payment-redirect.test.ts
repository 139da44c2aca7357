import { describe, expect, it } from "vitest";
import { samplePayment } from "@/testing/sample-billing";
import { outcomeOf, PAYMENT_FAILED_GENERIC, parsePaymentRedirect, retryHrefOf } from "./payment-redirect";

const payment = samplePayment({
  id: 7,
  description: "Custom Service",
  amount: 7500,
  estimateId: null,
  provider: "stripe",
  reference: "pi_123",
  createdAt: "2026-01-05T10:00:00.000Z",
});

describe("the return from a payment", () => {
  it("reads Stripe's redirect parameters, and nothing without payment_intent", () => {
    expect(parsePaymentRedirect("?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded")).toEqual({
      reference: "pi_123",
      redirectStatus: "succeeded",
    });
    expect(parsePaymentRedirect("?redirect_status=succeeded")).toBeNull();
    expect(parsePaymentRedirect("")).toBeNull();
  });

  it("believes our record over the redirect", () => {
    const redirect = { reference: "pi_123", redirectStatus: "succeeded" };
    expect(outcomeOf(redirect, payment)).toEqual({ kind: "succeeded" });
    expect(outcomeOf(redirect, { ...payment, status: "failed", failureMessage: "Your card was declined." })).toEqual({
      kind: "failed",
      message: "Your card was declined.",
    });
    expect(outcomeOf(redirect, { ...payment, status: "canceled" })).toEqual({ kind: "failed", message: PAYMENT_FAILED_GENERIC });
    expect(outcomeOf(redirect, { ...payment, status: "pending" })).toEqual({ kind: "processing" });
    expect(outcomeOf(redirect, { ...payment, status: "processing" })).toEqual({ kind: "processing" });
  });

  it("falls back to the redirect's status while the record is unknown", () => {
    expect(outcomeOf({ reference: "pi_1", redirectStatus: "succeeded" }, undefined)).toEqual({ kind: "succeeded" });
    expect(outcomeOf({ reference: "pi_1", redirectStatus: "processing" }, undefined)).toEqual({ kind: "processing" });
    expect(outcomeOf({ reference: "pi_1", redirectStatus: "failed" }, undefined)).toEqual({ kind: "failed", message: PAYMENT_FAILED_GENERIC });
    expect(outcomeOf({ reference: "pi_1", redirectStatus: "requires_payment_method" }, undefined).kind).toBe("failed");
  });

  it("offers the same checkout again: custom, quote or subscription", () => {
    expect(retryHrefOf(payment)).toBe("/checkout?service=Custom+Service&amount=75");
    expect(retryHrefOf({ ...payment, description: "Solar Inspections (quote #4)", amount: 123_450, quoteId: 4 })).toBe(
      "/checkout?service=Solar+Inspections+%28quote+%234%29&amount=1235&quote=4",
    );
    expect(retryHrefOf({ ...payment, description: "Solar Monitoring", amount: 24_900, serviceId: 2, subscriptionId: 9 })).toBe(
      "/checkout?service=Solar+Monitoring&amount=249&subscribe=2",
    );
  });

  it("offers an estimate's deposit or an invoice's balance again by its id", () => {
    expect(retryHrefOf({ ...payment, description: "Deposit for Estimate #12", amount: 69_821, estimateId: 31 })).toBe(
      "/checkout?service=Deposit+for+Estimate+%2312&amount=698&estimate=31",
    );
    expect(retryHrefOf({ ...payment, description: "Invoice 2026-0001", amount: 162_917, invoiceId: 41 })).toBe(
      "/checkout?service=Invoice+2026-0001&amount=1629&invoice=41",
    );
  });
});
