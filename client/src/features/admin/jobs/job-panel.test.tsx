// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { JobDetail } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import { NO_CONDITIONS_RECORDED } from "@common/inspection-report";
import { siteArea } from "@common/site-area-of";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { squareBoundary } from "@/testing/sample-site-boundary";
import { sampleJobDetail } from "@/testing/sample-job";
import { backToList } from "./job-address";
import { JobPanel } from "./job-panel";

const user = (id: number, role: PublicUser["role"]): PublicUser => ({
  id,
  role,
  username: `${role}-${id}`,
  email: `${role}-${id}@example.com`,
  firstName: "",
  lastName: "",
  createdAt: "2026-01-10T09:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
});
const ADMIN = user(1, "admin");
const PILOT = user(7, "pilot");

const job: JobDetail = sampleJobDetail({
  site: { name: "Warehouse 7", address: "7 Dock Road", latitude: 51.5, longitude: 1.5 },
  scheduledStart: "2026-12-15T09:00:00.000Z",
  scheduledEnd: "2026-12-15T10:30:00.000Z",
  pilotId: PILOT.id,
  events: [
    {
      id: 1,
      at: "2026-11-01T09:00:00.000Z",
      kind: "opened",
      from: null,
      to: "accepted",
      by: 1,
      byName: "Admin",
      note: "",
      previousStart: null,
      previousEnd: null,
    },
  ],
});

const INSPECTION_CONDITIONS = {
  jobId: 12,
  ...NO_CONDITIONS_RECORDED,
  missing: ["irradiance", "ambientTemp", "windSpeed", "cloudCover"],
  updatedAt: null,
};
const detail = (body: JobDetail) => ({ status: 200, body: { success: true, data: body } });
const NO_MESSAGES = { status: 200, body: { success: true, data: [] } };

function renderJob(viewer: PublicUser, shown: JobDetail = job) {
  const sent = answerRequests({
    "GET /api/jobs/12": detail(shown),
    "GET /api/jobs/12/messages": NO_MESSAGES,
    "GET /api/estimates?jobId=12": NO_MESSAGES,
    "GET /api/invoices?jobId=12": NO_MESSAGES,
    "PATCH /api/admin/jobs/12/details": () => ({ status: 200, body: { success: true, message: "Job updated", data: shown } }),
    "PUT /api/jobs/12/site-boundary": { status: 200, body: shown.siteArea },
    "GET /api/admin/jobs/12/inspection-conditions": { status: 200, body: { success: true, data: INSPECTION_CONDITIONS } },
    "GET /api/admin/jobs/12/report": { status: 200, body: { success: true, data: { versions: [], warnings: [] } } },
  });
  const rendered = renderScreen(<JobPanel jobId={12} viewer={viewer} back={backToList(null)} />, "/admin-dashboard/jobs/12");
  return { sent, ...rendered };
}

describe("a job's page", () => {
  it("leaves the job's pilot the flight alone, recorded as flown by them, without listing the accounts a pilot may not read", async () => {
    const { sent, user: person } = renderJob(PILOT);
    const page = await screen.findByRole("region", { name: "Roof array survey" });
    expect(within(page).getByRole("link", { name: "All jobs" }).getAttribute("href")).toBe("/admin-dashboard?tab=jobs");
    const actions = within(page).getByRole("group", { name: "Job actions" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Mark flown"]);
    expect(within(page).queryByRole("button", { name: "Edit details" })).toBeNull();
    // The customer is named, not linked: the customer's page is the admins'.
    expect(within(page).queryByRole("link", { name: "Amelia Earhart" })).toBeNull();

    await person.click(within(actions).getByRole("button", { name: "Mark flown" }));
    const dialog = await screen.findByRole("dialog", { name: "Record the flight" });
    const pilot = within(dialog).getByLabelText<HTMLSelectElement>("Pilot");
    expect([...pilot.options].map((option) => option.text)).toEqual(["Not recorded", "Wilbur Wright"]);
    expect(pilot.value).toBe(String(PILOT.id));
    // The job's own back-office calls (its inspection report) are the pilot's as well.
    expect(
      sent
        .map((request) => `${request.method} ${request.url}`)
        .filter((request) => request.includes("/api/admin/") && !request.includes("/api/admin/jobs/12/")),
    ).toEqual([]);
  });

  it("gives an admin every move and Edit details, whose errors show under their fields and keep what was typed", async () => {
    const { sent, user: person } = renderJob(ADMIN);
    const page = await screen.findByRole("region", { name: "Roof array survey" });
    expect(
      within(within(page).getByRole("group", { name: "Job actions" }))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Reschedule", "Mark flown", "Cancel job"]);
    expect(within(page).getByRole("link", { name: "Amelia Earhart" }).getAttribute("href")).toBe("/admin-dashboard/customers/4");

    await person.click(within(page).getByRole("button", { name: "Edit details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the job's details" });
    const field = (label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);
    expect([field("Title").value, field("Site name").value, field("Latitude").value]).toEqual(["Roof array survey", "Warehouse 7", "51.5"]);

    await person.clear(field("Site name"));
    await person.clear(field("Latitude"));
    await person.type(field("Latitude"), "95");
    await person.click(within(dialog).getByRole("button", { name: "Save details" }));
    expect((await within(dialog).findByText("Latitude is between -90 and 90")).getAttribute("role")).toBe("alert");
    expect(field("Latitude").getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText("Name the site").getAttribute("role")).toBe("alert");
    expect(field("Latitude").value).toBe("95");
    expect(sent.filter((request) => request.method === "PATCH")).toEqual([]);

    await person.type(field("Site name"), "Hangar 2");
    await person.clear(field("Latitude"));
    await person.type(field("Latitude"), "-33.9");
    await person.click(within(dialog).getByRole("button", { name: "Save details" }));
    expect(await screen.findByText("Job updated")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.find((request) => request.method === "PATCH")?.body).toEqual({
      title: "Roof array survey",
      site: { name: "Hangar 2", address: "7 Dock Road", latitude: -33.9, longitude: 1.5 },
    });
  });

  it("shows a refusal of the server under the field it names", async () => {
    answerRequests({
      "GET /api/jobs/12": detail(job),
      "GET /api/jobs/12/messages": NO_MESSAGES,
      "GET /api/estimates?jobId=12": NO_MESSAGES,
      "GET /api/invoices?jobId=12": NO_MESSAGES,
      "PATCH /api/admin/jobs/12/details": { status: 400, body: { message: "Name the site", errors: { "site.name": "Name the site" } } },
    });
    const { user: person } = renderScreen(<JobPanel jobId={12} viewer={ADMIN} back={backToList(null)} />);
    await person.click(await screen.findByRole("button", { name: "Edit details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the job's details" });
    await person.type(within(dialog).getByLabelText("Title"), " (north roof)");
    await person.click(within(dialog).getByRole("button", { name: "Save details" }));
    expect((await within(dialog).findByText("Name the site")).getAttribute("id")).toBe("job-12-details-site-name-error");
    expect(within(dialog).getByLabelText<HTMLInputElement>("Title").value).toBe("Roof array survey (north roof)");
  });

  it("shows an admin the area of the site its customer drew, and lets them redraw it even once delivered", async () => {
    const siteBoundary = squareBoundary([1.5, 51.5]);
    const drawn = { ...job, status: "delivered" as const, siteBoundary, siteArea: siteArea(siteBoundary) };
    const { sent, user: person } = renderJob(ADMIN, drawn);
    const page = await screen.findByRole("region", { name: "Roof array survey" });
    expect(within(page).getByText("Site boundary").nextElementSibling?.textContent).toBe("7.61 acres (3.08 ha)");

    await person.click(within(page).getByRole("button", { name: "Edit site boundary" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit site boundary" });
    expect(await within(dialog).findByText("Area: 7.61 acres (3.08 ha)")).toBeTruthy();
    await person.click(within(dialog).getByRole("button", { name: "Save boundary" }));
    expect(await screen.findByText("Site boundary saved")).toBeTruthy();
    expect(sent.find((request) => request.method === "PUT")?.body).toEqual(siteBoundary);
    // The job is read again, with the area as stored.
    expect(sent.filter((request) => request.method === "GET" && request.url === "/api/jobs/12")).toHaveLength(2);
  });

  it("leaves the site boundary to the admins: a pilot has none to draw", async () => {
    renderJob(PILOT);
    const page = await screen.findByRole("region", { name: "Roof array survey" });
    expect(within(page).queryByRole("button", { name: /site boundary/ })).toBeNull();
  });

  it("offers no Edit details on a closed or cancelled job", async () => {
    renderJob(ADMIN, { ...job, status: "closed" });
    const page = await screen.findByRole("region", { name: "Roof array survey" });
    expect(within(page).queryByRole("button", { name: "Edit details" })).toBeNull();
    expect(within(page).queryByRole("group", { name: "Job actions" })).toBeNull();
  });
});

describe("a job page's Back", () => {
  it("returns to the list the job was opened from, and to the board when opened directly", () => {
    expect(backToList({ backTo: "/admin-dashboard?tab=calendar&view=week&day=2027-03-10" })).toEqual({
      href: "/admin-dashboard?tab=calendar&view=week&day=2027-03-10",
      label: "Back to the calendar",
    });
    expect(backToList({ backTo: "/admin-dashboard?tab=jobs&status=scheduled" })).toEqual({
      href: "/admin-dashboard?tab=jobs&status=scheduled",
      label: "All jobs",
    });
    expect(backToList({ backTo: "/admin-dashboard" })).toEqual({ href: "/admin-dashboard", label: "All jobs" });
    for (const state of [null, "x", { backTo: "https://example.com/admin-dashboard" }, { backTo: "/admin-dashboard-evil" }]) {
      expect(backToList(state)).toEqual({ href: "/admin-dashboard?tab=jobs", label: "All jobs" });
    }
  });
});
