// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { ManageSubscription } from "./manage-subscription";

type Subscription = ComponentProps<typeof ManageSubscription>["subscription"];

const subscription: Subscription = {
  id: 7,
  serviceId: 2,
  serviceName: "Solar Monitoring",
  status: "active",
  currentPeriodEnd: "2026-07-15T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  provider: "demo",
};

const subscriptionsReload = { "GET /api/subscriptions": { status: 200, body: { success: true, data: [] } } };

async function openManage(row: Subscription) {
  const rendered = renderScreen(<ManageSubscription subscription={row} />);
  await rendered.user.click(screen.getByRole("button", { name: "Manage Solar Monitoring" }));
  return { ...rendered, dialog: await screen.findByRole("dialog", { name: "Manage Solar Monitoring" }) };
}

describe("managing a subscription", () => {
  it("offers nothing but Close for a subscription that has ended", async () => {
    const sent = answerRequests({});
    const { dialog } = await openManage({ ...subscription, status: "canceled", cancelAtPeriodEnd: true });
    expect(within(dialog).getByText("Ended Jul 15, 2026")).toBeTruthy();
    expect(within(dialog).queryByText("Cancels at period end")).toBeNull();
    expect(within(dialog).queryByRole("button", { name: /Cancel at period end|Resume subscription/ })).toBeNull();
    expect(within(dialog).getAllByRole("button", { name: "Close" }).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
  });

  it("keeps the dialog open and toasts the server's reason when a cancellation is refused", async () => {
    answerRequests({
      "PATCH /api/subscriptions/7": { status: 409, body: { message: "Only an active subscription can be cancelled or resumed" } },
      ...subscriptionsReload,
    });
    const { user, dialog } = await openManage(subscription);
    await user.click(within(dialog).getByRole("button", { name: "Cancel at period end" }));
    expect(await screen.findByText("Only an active subscription can be cancelled or resumed")).toBeTruthy();
    expect(screen.getByText("Could not update your subscription")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Manage Solar Monitoring" })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>("button", { name: "Cancel at period end" }).disabled).toBe(false);
  });

  it("with Stripe, asks for its portal, and says why when there is none, letting the customer try again", async () => {
    const sent = answerRequests({ "POST /api/billing-portal": { status: 409, body: { message: "There is no billing account to manage yet" } } });
    const { user } = renderScreen(<ManageSubscription subscription={{ ...subscription, provider: "stripe" }} />);
    const manage = screen.getByRole<HTMLButtonElement>("button", { name: "Manage Solar Monitoring" });
    await user.click(manage);
    expect(await screen.findByText("Could not open billing")).toBeTruthy();
    expect(screen.getByText("There is no billing account to manage yet")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(manage.disabled).toBe(false);
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /api/billing-portal"]);
  });
});
