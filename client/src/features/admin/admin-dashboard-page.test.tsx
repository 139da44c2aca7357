// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleJob } from "@/testing/sample-job";
import { samplePilot } from "@/testing/sample-users";

const pilot = samplePilot;
const list = (...rows: unknown[]) => ({ status: 200, body: { success: true, data: rows } });

describe("the back office for a pilot", () => {
  it("has Jobs, Calendar and their own certificates alone, opens on the tab the address names, and asks for nothing the server refuses a pilot", async () => {
    // Anything else (quotes, accounts, messages, the outbox) would fail the test: answerRequests answers these alone.
    const sent = answerRequests({
      "GET /api/user": { status: 200, body: pilot },
      "GET /api/admin/jobs": list(),
      "GET /api/services?active=true": list(),
      [`GET /api/admin/pilots/${pilot.id}/certificates`]: list({
        id: 3,
        pilotId: pilot.id,
        type: "faa-part-107",
        number: "4470123",
        issuedOn: "2025-01-10",
        expiresOn: "2027-01-31",
        history: [],
      }),
    });
    const { renderScreen, Page: AdminDashboardPage } = await freshPage(() => import("./admin-dashboard-page"));
    const { user } = renderScreen(<AdminDashboardPage />, "/admin-dashboard?tab=calendar");
    expect(await screen.findByRole("heading", { level: 1, name: "Pilot Dashboard" })).toBeTruthy();
    const tabs = screen.getByRole("tablist", { name: "Admin sections" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Jobs", "Calendar", "My certificates"]);
    expect(within(tabs).getByRole("tab", { name: "Calendar" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByRole("heading", { level: 2, name: "Calendar" })).toBeTruthy();

    await user.click(within(tabs).getByRole("tab", { name: "Jobs" }));
    expect(within(tabs).getByRole("tab", { name: "Jobs" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByText(/^No jobs match\. The jobs an admin assigns to you show here\./)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "All submissions" })).toBeNull();
    expect(new Set(sent.map((request) => request.url))).toEqual(new Set(["/api/user", "/api/admin/jobs", "/api/services?active=true"]));

    // Their own certificates, and nobody else's: the only records a pilot reads.
    await user.click(within(tabs).getByRole("tab", { name: "My certificates" }));
    expect(await screen.findByText(/FAA Part 107/)).toBeTruthy();
    expect(screen.getByText(/recurrent training due/)).toBeTruthy();
    expect(sent.at(-1)?.url).toBe(`/api/admin/pilots/${pilot.id}/certificates`);
  });

  it("opens on Jobs with the pilot's next flights at the top: their scheduled jobs of the next 7 days, soonest first", async () => {
    const inDays = (days: number, hours = 1) => {
      const start = new Date(Date.now() + days * 86_400_000);
      return { scheduledStart: start.toISOString(), scheduledEnd: new Date(start.getTime() + hours * 3_600_000).toISOString() };
    };
    const jobs = [
      sampleJob({ id: 21, title: "Barn roof", ...inDays(4) }),
      sampleJob({ id: 22, title: "Orchard NDVI", ...inDays(1) }),
      sampleJob({ id: 23, title: "Quarry survey", ...inDays(10) }),
      sampleJob({ id: 24, title: "Flown already", status: "flown", ...inDays(-1) }),
    ];
    answerRequests({ "GET /api/user": { status: 200, body: pilot }, "GET /api/admin/jobs": list(...jobs), "GET /api/services?active=true": list() });
    const { renderScreen, Page: AdminDashboardPage } = await freshPage(() => import("./admin-dashboard-page"));
    renderScreen(<AdminDashboardPage />, "/admin-dashboard");
    const next = (await screen.findByRole("heading", { level: 2, name: "Your next flights" })).closest("section")!;
    expect(
      within(next)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Orchard NDVI", "/admin-dashboard/jobs/22"],
      ["Barn roof", "/admin-dashboard/jobs/21"],
    ]);
    expect(screen.getByRole("tab", { name: "Jobs" }).getAttribute("aria-selected")).toBe("true");
  });
});
