// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleJob } from "@/testing/sample-job";
import { JobsBoard } from "./jobs-board";

const job = sampleJob();

const list = (...rows: unknown[]) => ({ status: 200, body: { success: true, data: rows } });

describe("the jobs board", () => {
  it("shows a pilot their jobs, each linking to its page, with no filter or button that needs the admins' lists", async () => {
    const sent = answerRequests({ "GET /api/admin/jobs": list(job), "GET /api/services?active=true": list() });
    renderScreen(<JobsBoard admin={false} />, "/admin-dashboard");
    const table = await screen.findByRole("table", { name: "Jobs matching the filters" });
    expect(within(table).getByRole("link", { name: "Roof array survey" }).getAttribute("href")).toBe("/admin-dashboard/jobs/12");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Job", "Customer", "Service", "State", "Window"]);
    expect(screen.queryByRole("button", { name: "New job" })).toBeNull();
    expect(screen.queryByLabelText("Customer")).toBeNull();
    expect(screen.queryByLabelText("Pilot")).toBeNull();
    expect(screen.getByLabelText("Service")).toBeTruthy();
    expect(new Set(sent.map((request) => request.url))).toEqual(new Set(["/api/admin/jobs", "/api/services?active=true"]));
  });

  it("sends the flight days as from and to, shows the server's refusal under the field it names, and Clear filters empties every filter", async () => {
    answerRequests({
      "GET /api/admin/jobs?from=2027-03-10&to=2027-03-01": {
        status: 400,
        body: { message: "to is on or after from", errors: { to: "to is on or after from" } },
      },
      "GET /api/admin/jobs?q=roof&from=2027-03-10": list(job),
      "GET /api/admin/jobs?q=roof": list(job),
      "GET /api/admin/jobs": list(job),
      "GET /api/admin/users": list(),
      "GET /api/services?active=true": list(),
    });
    const { user } = renderScreen(<JobsBoard admin />, "/admin-dashboard?tab=jobs&from=2027-03-10&to=2027-03-01");
    expect((await screen.findByText("to is on or after from")).getAttribute("id")).toBe("jobs-filter-to-error");
    expect(screen.getByLabelText("Flying to").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "to is on or after from",
      "No jobs shown: correct the filter marked above.",
    ]);

    fireEvent.change(screen.getByLabelText("Flying to"), { target: { value: "" } });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "roof");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("link", { name: "Roof array survey" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Flying from").value).toBe("2027-03-10");

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getByLabelText<HTMLInputElement>("Flying from").value).toBe("");
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search" }).value).toBe("");
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });
});
