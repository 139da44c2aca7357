import { afterEach, describe, expect, it, vi } from "vitest";
import { createBillingPortalSession } from "./open-billing-portal";

function answer(status: number, body: string) {
  const fetch = vi.fn(async () => new Response(body, { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("opening Stripe's Customer Portal", () => {
  it("POSTs /api/billing-portal and resolves to the portal's address", async () => {
    const fetch = answer(200, JSON.stringify({ url: "https://billing.stripe.com/p/session/test_123" }));
    await expect(createBillingPortalSession()).resolves.toBe("https://billing.stripe.com/p/session/test_123");
    expect(fetch).toHaveBeenCalledWith("/api/billing-portal", expect.objectContaining({ method: "POST", credentials: "include" }));
  });

  it("rejects with the server's message, or a generic one when the answer has none", async () => {
    answer(409, JSON.stringify({ message: "There is no billing account to manage yet" }));
    await expect(createBillingPortalSession()).rejects.toThrow("There is no billing account to manage yet");
    answer(502, "Bad gateway");
    await expect(createBillingPortalSession()).rejects.toThrow("Please try again.");
  });
});
