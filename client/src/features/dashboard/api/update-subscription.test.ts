import { describe, expect, it } from "vitest";
import { answerEveryRequest } from "@/testing/answer-fetch";
import { updateSubscription } from "./update-subscription";

describe("cancelling or resuming a subscription", () => {
  it("PATCHes the subscription with cancelAtPeriodEnd and resolves to the server's message", async () => {
    const fetch = answerEveryRequest(200, JSON.stringify({ success: true, message: "Your subscription will end at the close of this period", data: {} }));
    await expect(updateSubscription({ id: 7, cancelAtPeriodEnd: true })).resolves.toBe("Your subscription will end at the close of this period");
    expect(fetch).toHaveBeenCalledWith(
      "/api/subscriptions/7",
      expect.objectContaining({ method: "PATCH", body: JSON.stringify({ cancelAtPeriodEnd: true }), credentials: "include" }),
    );
  });

  it("rejects with the server's message when it refuses", async () => {
    answerEveryRequest(409, JSON.stringify({ message: "Only an active subscription can be cancelled or resumed" }));
    await expect(updateSubscription({ id: 7, cancelAtPeriodEnd: false })).rejects.toThrow("Only an active subscription can be cancelled or resumed");
  });
});
