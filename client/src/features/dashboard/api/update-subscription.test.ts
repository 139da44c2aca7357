import { afterEach, describe, expect, it, vi } from "vitest";
import { updateSubscription } from "./update-subscription";

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cancelling or resuming a subscription", () => {
  it("PATCHes the subscription with cancelAtPeriodEnd and resolves to the server's message", async () => {
    const fetch = answer(200, { success: true, message: "Your subscription will end at the close of this period", data: {} });
    await expect(updateSubscription({ id: 7, cancelAtPeriodEnd: true })).resolves.toBe("Your subscription will end at the close of this period");
    expect(fetch).toHaveBeenCalledWith("/api/subscriptions/7", expect.objectContaining({ method: "PATCH", body: JSON.stringify({ cancelAtPeriodEnd: true }), credentials: "include" }));
  });

  it("rejects with the server's message when it refuses", async () => {
    answer(409, { message: "Only an active subscription can be cancelled or resumed" });
    await expect(updateSubscription({ id: 7, cancelAtPeriodEnd: false })).rejects.toThrow("Only an active subscription can be cancelled or resumed");
  });
});
