import { describe, expect, it } from "vitest";
import { isLiveSubscription, subscriptionPeriodView } from "./subscription-status";

const periodEnd = "2026-07-15T12:00:00.000Z";

describe("a subscription's period on the dashboard", () => {
  it("renews an active subscription at the end of its period", () => {
    expect(subscriptionPeriodView({ status: "active", currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false })).toEqual({
      period: "Renews Jul 15, 2026",
      cancelsAtPeriodEnd: false,
      manageable: true,
    });
  });

  it("ends, rather than renews, one cancelled at the end of its period", () => {
    expect(subscriptionPeriodView({ status: "active", currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true })).toEqual({
      period: "Ends Jul 15, 2026",
      cancelsAtPeriodEnd: true,
      manageable: true,
    });
  });

  it("shows an ended subscription as ended, with nothing left to manage", () => {
    expect(subscriptionPeriodView({ status: "canceled", currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true })).toEqual({
      period: "Ended Jul 15, 2026",
      cancelsAtPeriodEnd: false,
      manageable: false,
    });
  });

  it("says nothing about the period while its end is unknown", () => {
    expect(subscriptionPeriodView({ status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false }).period).toBeNull();
  });
});

describe("which subscriptions give the customer the service", () => {
  it("counts active, trialing and past due ones, not ended or unpaid ones", () => {
    expect(["active", "trialing", "past_due", "canceled", "unpaid", "incomplete"].filter((status) => isLiveSubscription({ status }))).toEqual([
      "active",
      "trialing",
      "past_due",
    ]);
  });
});
