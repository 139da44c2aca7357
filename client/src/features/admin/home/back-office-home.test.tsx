// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminOverview } from "@common/contract/overview";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleAdmin } from "@/testing/sample-users";

const page = (total: number) => ({ status: 200, body: { success: true, data: [], total, page: 1, pageSize: 1 } });

function sampleOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    currency: "usd",
    requests: { count: 2, oldest: "2026-11-03T15:00:00.000Z", href: "/admin-dashboard?tab=quotes" },
    estimatesSent: { count: 1, total: 120_000, href: "/admin-dashboard?tab=jobs" },
    owed: { count: 2, total: 110_000, href: "/admin-dashboard?tab=jobs" },
    overdue: { count: 1, total: 50_000, href: "/admin-dashboard?tab=jobs" },
    deposits: { month: "2026-11", count: 3, total: 90_000, href: "/admin-dashboard?tab=payments" },
    jobsInProgress: {
      count: 0,
      href: "/admin-dashboard?tab=jobs",
      flown: { count: 0, href: "/admin-dashboard?tab=jobs&status=flown" },
      processing: { count: 0, href: "/admin-dashboard?tab=jobs&status=processing" },
    },
    criticalFindings: {
      count: 2,
      href: "/admin-dashboard?tab=jobs",
      jobs: [{ jobId: 41, jobTitle: "North array", count: 2, href: "/admin-dashboard/jobs/41" }],
    },
    flights: {
      count: 2,
      href: "/admin-dashboard?tab=calendar&view=week",
      pilots: [
        {
          pilotId: 7,
          pilotName: "Wilbur Wright",
          flights: [
            {
              jobId: 12,
              jobTitle: "Roof array survey",
              start: "2026-12-01T08:30:00.000Z",
              end: "2026-12-01T10:00:00.000Z",
              timeZone: "Europe/Paris",
              href: "/admin-dashboard/jobs/12",
            },
          ],
        },
        {
          pilotId: 9,
          pilotName: "Bessie Coleman",
          flights: [
            {
              jobId: 15,
              jobTitle: "Vineyard NDVI",
              start: "2026-12-02T14:00:00.000Z",
              end: "2026-12-02T15:00:00.000Z",
              timeZone: "UTC",
              href: "/admin-dashboard/jobs/15",
            },
          ],
        },
      ],
    },
    ...overrides,
  };
}

/** The admin's back office at `path`, every request its first screen makes answered. */
async function openAsAdmin(path: string, overview: AdminOverview | { status: number }) {
  const sent = answerRequests({
    "GET /api/user": { status: 200, body: sampleAdmin },
    "GET /api/admin/overview": "currency" in overview ? { status: 200, body: { success: true, data: overview } } : overview,
    "GET /api/contact?kind=message&page=1&pageSize=1": page(4),
    "GET /api/admin/quotes?status=pending&page=1&pageSize=1": page(2),
    "GET /api/admin/quotes?status=accepted%2Cdeclined%2Ccompleted&page=1&pageSize=1": page(5),
    "GET /api/admin/users": { status: 200, body: { success: true, data: [] } },
    "GET /api/admin/reports": { status: 200, body: { success: true, data: [] } },
  });
  const { renderScreen, Page } = await freshPage(() => import("../admin-dashboard-page"));
  return { ...renderScreen(<Page />, path), sent };
}

/** Each card's figure as its link reads it, in the order shown. */
const cardLinks = (list: HTMLElement) =>
  within(list)
    .getAllByRole("listitem")
    .filter((item) => item.parentElement === list)
    .map((item) => within(item).getAllByRole("link")[0]!);

describe("the back office's home", () => {
  it("is where an admin's back office opens, its figures as links, what needs doing first at the top", async () => {
    const { sent } = await openAsAdmin("/admin-dashboard", sampleOverview());
    const tabs = await screen.findByRole("tablist", { name: "Admin sections" });
    expect(within(tabs).getAllByRole("tab")[0]!.textContent).toBe("Home");
    expect(within(tabs).getByRole("tab", { name: "Home" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { level: 2, name: "Home" })).toBeTruthy();

    const list = await screen.findByRole("list", { name: "What needs doing first" });
    const links = cardLinks(list);
    // The money late, the requests, the faults, then what the customers owe an answer or money for;
    // the jobs to process (none today) after those that wait, and the month's deposits last.
    expect(links.map((link) => link.textContent)).toEqual([
      "1 overdue invoice",
      "2 quote requests waiting for an answer",
      "2 open critical findings",
      "1 estimate waiting for the customer",
      "2 open invoices",
      "0 jobs to process or deliver",
      "3 deposits received in November 2026",
    ]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/admin-dashboard?tab=jobs",
      "/admin-dashboard?tab=quotes",
      "/admin-dashboard?tab=jobs",
      "/admin-dashboard?tab=jobs",
      "/admin-dashboard?tab=jobs",
      "/admin-dashboard?tab=jobs",
      "/admin-dashboard?tab=payments",
    ]);
    expect(screen.getByText("$500.00 past due")).toBeTruthy();
    expect(screen.getByText("$1,200.00 in all")).toBeTruthy();
    expect(screen.getByText("$1,100.00 owed")).toBeTruthy();
    expect(screen.getByText("$900.00 received")).toBeTruthy();
    expect(screen.getByText("The oldest came on Nov 3, 2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "North array (job #41): 2" }).getAttribute("href")).toBe("/admin-dashboard/jobs/41");
    expect(screen.getByRole("link", { name: "0 flown" }).getAttribute("href")).toBe("/admin-dashboard?tab=jobs&status=flown");
    expect(sent.filter((request) => request.url === "/api/admin/overview")).toHaveLength(1);
  });

  it("lists the next 7 days' flights by pilot, each leading to its job, and the calendar", async () => {
    await openAsAdmin("/admin-dashboard", sampleOverview());
    const flights = (await screen.findByRole("heading", { level: 3, name: "Flights in the next 7 days" })).closest("section")!;
    const pilots = within(flights).getAllByRole("heading", { level: 4 });
    expect(pilots.map((heading) => heading.textContent)).toEqual(["Wilbur Wright · 1 flight", "Bessie Coleman · 1 flight"]);
    const wilbur = pilots[0]!.closest("section")!;
    expect(within(wilbur).getByRole("link", { name: "Roof array survey (job #12)" }).getAttribute("href")).toBe("/admin-dashboard/jobs/12");
    expect(within(wilbur).getByText("Dec 1, 2026, 9:30 AM – 11:00 AM GMT+1")).toBeTruthy();
    expect(within(flights).getByRole("link", { name: "Open the calendar" }).getAttribute("href")).toBe("/admin-dashboard?tab=calendar&view=week");
  });

  it("says when no flight is planned in the next 7 days", async () => {
    await openAsAdmin("/admin-dashboard", sampleOverview({ flights: { count: 0, href: "/admin-dashboard?tab=calendar&view=week", pilots: [] } }));
    expect(await screen.findByText("No flights in the next 7 days.")).toBeTruthy();
  });

  it("keeps every other tab under its name and address: ?tab=reports opens Reports, and the overview is not asked for", async () => {
    const { sent } = await openAsAdmin("/admin-dashboard?tab=reports", sampleOverview());
    const tabs = await screen.findByRole("tablist", { name: "Admin sections" });
    expect(within(tabs).getByRole("tab", { name: "Reports" }).getAttribute("aria-selected")).toBe("true");
    expect(sent.some((request) => request.url === "/api/admin/overview")).toBe(false);
  });

  it("says the overview failed to load, in the panel and in a toast", async () => {
    await openAsAdmin("/admin-dashboard", { status: 500 });
    // Once in the panel, once in the toast.
    expect(await screen.findAllByText("Failed to load the overview")).toHaveLength(2);
  });
});
