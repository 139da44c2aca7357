import { describe, expect, it } from "vitest";
import { answerEveryRequest } from "@/testing/answer-fetch";
import { createBillingPortalSession } from "./open-billing-portal";

describe("opening Stripe's Customer Portal", () => {
  it("POSTs /api/billing-portal and resolves to the portal's address", async () => {
    const fetch = answerEveryRequest(200, JSON.stringify({ url: "https://billing.stripe.com/p/session/test_123" }));
    await expect(createBillingPortalSession()).resolves.toBe("https://billing.stripe.com/p/session/test_123");
    expect(fetch).toHaveBeenCalledWith("/api/billing-portal", expect.objectContaining({ method: "POST", credentials: "include" }));
  });

  it("rejects with the server's message, or a generic one when the answer has none", async () => {
    answerEveryRequest(409, JSON.stringify({ message: "There is no billing account to manage yet" }));
    await expect(createBillingPortalSession()).rejects.toThrow("There is no billing account to manage yet");
    answerEveryRequest(502, "Bad gateway");
    await expect(createBillingPortalSession()).rejects.toThrow("Please try again.");
  });
});
