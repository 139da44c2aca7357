// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import type { WaitingItem } from "@common/contract/waiting";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleCustomer } from "@/testing/sample-billing";
import { SHOW_MY_QUOTES_STATE } from "@/lib/show-my-quotes";
import type DashboardPage from "./dashboard-page";

const list = (...rows: unknown[]) => ({ status: 200, body: { success: true, data: rows } });

const estimate: WaitingItem = {
  kind: "estimate",
  jobId: 12,
  jobTitle: "Roof array survey",
  estimateId: 31,
  currency: "usd",
  sentence: "Estimate #12 is waiting for your answer.",
  action: "Answer the estimate",
  href: "/dashboard/estimates/31",
  total: 194_850,
  validUntil: "2026-12-28",
};

/** The dashboard at `path`, its Jobs panel a stand-in (the jobs feature's, handed in by the app). */
async function openDashboard(path: string, waiting: WaitingItem[]) {
  const sent = answerRequests({
    "GET /api/user": { status: 200, body: sampleCustomer },
    "GET /api/waiting": list(...waiting),
    "GET /api/subscriptions": list(),
    "GET /api/services?active=true": list(),
    "GET /api/reports": list(),
    "GET /api/quotes": list(),
  });
  const { renderScreen, Page } = await freshPage(() => import("./dashboard-page") as Promise<{ default: ComponentType }>);
  // The page as the app mounts it, with the parts it hands in.
  const Dashboard = Page as unknown as typeof DashboardPage;
  const screenAt = renderScreen(<Dashboard RequestQuote={() => null} JobsPanel={() => <p>The jobs panel</p>} />, path);
  await screen.findByRole("heading", { level: 1, name: "Customer Dashboard" });
  const tabs = await screen.findByRole("tablist", { name: "Dashboard sections" });
  const selected = () =>
    within(tabs)
      .getAllByRole("tab")
      .find((tab) => tab.getAttribute("aria-selected") === "true")?.textContent;
  return { ...screenAt, sent, tabs, selected };
}

describe("the customer's dashboard", () => {
  it("opens on Jobs when something waits, with what waits above the tabs, and writes the tab into the address", async () => {
    const { selected, currentPath, sent } = await openDashboard("/dashboard", [estimate]);
    expect(selected()).toBe("Jobs");
    expect(screen.getByText("The jobs panel")).toBeTruthy();
    expect(currentPath()).toBe("/dashboard?tab=jobs");
    const block = screen.getByRole("heading", { level: 2, name: "Waiting for you" }).closest("section")!;
    expect(within(block).getByText("Roof array survey")).toBeTruthy();
    expect(within(block).getByText("Estimate #12 is waiting for your answer.")).toBeTruthy();
    expect(within(block).getByText("Total $1,948.50 · valid until Dec 28, 2026")).toBeTruthy();
    expect(
      within(block)
        .getByRole("link", { name: /^Answer the estimate/ })
        .getAttribute("href"),
    ).toBe("/dashboard/estimates/31");
    // The block sits above the tabs.
    expect(block.compareDocumentPosition(screen.getByRole("tablist")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Subscriptions was not opened, so its lists were not read.
    expect(sent.map((request) => request.url)).not.toContain("/api/subscriptions");
  });

  it("opens on Subscriptions, SPEC's first, with no empty box, when nothing waits", async () => {
    const { selected, currentPath } = await openDashboard("/dashboard", []);
    expect(selected()).toBe("Subscriptions");
    expect(currentPath()).toBe("/dashboard?tab=subscriptions");
    expect(screen.queryByRole("heading", { name: "Waiting for you" })).toBeNull();
  });

  it("opens on the tab the address names, and a tab chosen replaces the address rather than adding to the history", async () => {
    const { selected, historyEntries, user, tabs } = await openDashboard("/dashboard?tab=reports", [estimate]);
    expect(selected()).toBe("Reports");
    await user.click(within(tabs).getByRole("tab", { name: "My Quotes" }));
    expect(selected()).toBe("My Quotes");
    expect(historyEntries()).toEqual(["/dashboard?tab=quotes"]);
  });

  it("keeps the tab another screen hands over with (My Quotes after a quote request), even when something waits", async () => {
    window.history.replaceState(SHOW_MY_QUOTES_STATE, "");
    try {
      const { selected, currentPath } = await openDashboard("/dashboard", [estimate]);
      expect(selected()).toBe("My Quotes");
      expect(currentPath()).toBe("/dashboard?tab=quotes");
    } finally {
      window.history.replaceState(null, "");
    }
  });
});
