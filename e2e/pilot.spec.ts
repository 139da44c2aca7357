// A pilot in the browser (docs/product.md §2, §6): an admin makes an account a pilot, who then works
// in the back office on the jobs assigned to them alone: Jobs and Calendar, their own job's page with
// the flight and what follows it, and its thread with the customer. Nothing a pilot belongs in
// refuses them, and the screen asks the server for nothing it refuses a pilot.
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { JobDetail } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import { act, expectJobState, jobSection, openBackOffice, openJob, readJob, scheduleViaApi } from "./admin-jobs";
import { type Account, expect, registerCustomer, severeViolations, test as base, uniqueId } from "./fixtures";

async function me(request: APIRequestContext): Promise<PublicUser> {
  const response = await request.get("/api/user");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PublicUser;
}

interface Pilot {
  context: BrowserContext;
  account: Account;
  id: number;
}

/** A new account, registered as a customer and made a pilot by the admin (PATCH /api/admin/users/{id}). */
async function newPilot(browser: Browser, admin: APIRequestContext): Promise<Pilot> {
  const context = await browser.newContext();
  const account = await registerCustomer(context.request, { firstName: "Bessie", lastName: `Coleman ${uniqueId()}` });
  const { id } = await me(context.request);
  const made = await admin.patch(`/api/admin/users/${id}`, { data: { role: "pilot" } });
  expect(made.status(), await made.text()).toBe(200);
  expect((await me(context.request)).role).toBe("pilot");
  return { context, account, id };
}

/**
 * Each test's people: a new customer signed in on its page (customerId is theirs), and a new pilot
 * in a browser context of their own, closed after the test.
 */
const test = base.extend<{ customerId: number; pilot: Pilot }>({
  customerId: async ({ page, newCustomer }, use) => {
    await newCustomer();
    await use((await me(page.request)).id);
  },
  pilot: async ({ browser, adminContext }, use) => {
    const pilot = await newPilot(browser, adminContext.request);
    await use(pilot);
    await pilot.context.close();
  },
});

/** Opens a job for the customer as the admin, and schedules it with that pilot. */
async function scheduledJob(admin: APIRequestContext, userId: number, title: string, window: { start: string; end: string; pilotId: number }): Promise<number> {
  const services = (await (await admin.get("/api/services?active=true")).json()) as { data: { id: number }[] };
  const created = await admin.post("/api/admin/jobs", {
    data: { userId, serviceId: services.data[0]?.id, title, site: { name: `Field ${title}`, address: "", latitude: null, longitude: null } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: JobDetail }).data;
  await scheduleViaApi(admin, id, window);
  return id;
}

/** A page of the pilot's that records every answer the server refused (403) and every load failure it toasted. */
async function watchedPage(pilot: Pilot): Promise<{ page: Page; refused: string[] }> {
  const page = await pilot.context.newPage();
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return { page, refused };
}

test("a pilot's back office holds their jobs and flights alone, and refuses them nothing they belong in", async ({
  customerId,
  pilot,
  adminContext: admin,
}) => {
  const adminId = (await me(admin.request)).id;
  const run = uniqueId();
  const theirs = `Pasture survey ${run}`;
  const others = `Pasture thermal ${run}`;
  const theirsId = await scheduledJob(admin.request, customerId, theirs, {
    start: "2028-07-04T08:00:00.000Z",
    end: "2028-07-04T09:00:00.000Z",
    pilotId: pilot.id,
  });
  const othersId = await scheduledJob(admin.request, customerId, others, {
    start: "2028-07-04T10:00:00.000Z",
    end: "2028-07-04T11:00:00.000Z",
    pilotId: adminId,
  });

  const { page: pilotPage, refused } = await watchedPage(pilot);
  const board = await openBackOffice(pilotPage, "Jobs");
  await expect(pilotPage.getByRole("heading", { level: 1, name: "Pilot Dashboard" })).toBeVisible();
  await expect(pilotPage.getByRole("tablist", { name: "Admin sections" }).getByRole("tab")).toHaveText(["Jobs", "Calendar", "My certificates"]);
  await expect(board.getByRole("button", { name: "New job" })).toHaveCount(0);
  await expect(board.getByLabel("Customer")).toHaveCount(0);
  await board.getByRole("searchbox", { name: "Search" }).fill(run);
  await board.getByRole("button", { name: "Search", exact: true }).click();
  const rows = board.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: theirs }).getByRole("link", { name: theirs })).toHaveAttribute("href", `/admin-dashboard/jobs/${theirsId}`);
  expect(await severeViolations(pilotPage), "serious or critical axe violations on the pilot's board").toBe("");

  // The calendar, opened on the flights' day by its address, shows their flight and not the other pilot's.
  await pilotPage.goto("/admin-dashboard?tab=calendar&day=2028-07-04");
  const day = pilotPage.getByRole("list", { name: "Flights, July 2028" }).getByRole("listitem", { name: "Tue, Jul 4" });
  await expect(day.getByRole("link", { name: new RegExp(theirs) })).toBeVisible();
  await expect(day.getByRole("link", { name: new RegExp(others) })).toHaveCount(0);

  // Another pilot's job is not theirs to see; the admins' own screens name their way back.
  await pilotPage.goto(`/admin-dashboard/jobs/${othersId}`);
  await expect(pilotPage.getByRole("heading", { level: 1, name: "Job not found" })).toBeVisible();
  await pilotPage.goto("/admin");
  await expect(pilotPage.getByRole("heading", { level: 1, name: "Administrators only" })).toBeVisible();
  await pilotPage.getByRole("link", { name: "Back to your jobs" }).click();
  await expect(pilotPage.getByRole("heading", { level: 1, name: "Pilot Dashboard" })).toBeVisible();

  // The header shows them the way in, as it shows an admin, from their account's pages.
  await pilotPage.goto("/dashboard");
  await expect(pilotPage.getByText(/^Welcome,/)).toBeVisible();
  await pilotPage
    .getByRole("banner")
    .getByRole("button", { name: /^Account:/ })
    .click();
  await pilotPage.getByRole("banner").getByRole("link", { name: "Back office" }).click();
  await expect(pilotPage.getByRole("heading", { level: 1, name: "Pilot Dashboard" })).toBeVisible();
  await expect(pilotPage.getByRole("tabpanel", { name: "Jobs" }).getByRole("table")).toBeVisible();

  await expect(pilotPage.getByText(/^Failed to load/)).toHaveCount(0);
  expect(refused).toEqual([]);
});

test("a pilot records the flight of their job, moves it on to delivered, and writes to the customer", async ({ customerId, pilot, adminContext: admin }) => {
  const title = `Greenhouse roof ${uniqueId()}`;
  const id = await scheduledJob(admin.request, customerId, title, { start: "2028-07-11T08:00:00.000Z", end: "2028-07-11T09:30:00.000Z", pilotId: pilot.id });

  const { page: pilotPage, refused } = await watchedPage(pilot);
  const job = await openJob(pilotPage, title, title);
  await expectJobState(job, "Scheduled");
  const actions = job.getByRole("group", { name: "Job actions" });
  await expect(actions.getByRole("button")).toHaveText(["Mark flown"]);
  await expect(job.getByRole("button", { name: "Edit details" })).toHaveCount(0);
  expect(await severeViolations(pilotPage), "serious or critical axe violations on the pilot's job").toBe("");

  const pilotName = `${pilot.account.firstName} ${pilot.account.lastName}`;
  await act(pilotPage, job, "Mark flown", "Record the flight", async (dialog) => {
    await expect(dialog.getByLabel("Pilot").locator("option")).toHaveText(["Not recorded", pilotName]);
    await expect(dialog.getByLabel("Pilot")).toHaveValue(String(pilot.id));
    await dialog.getByLabel("Flown on").fill("2026-11-09");
    await dialog.getByLabel("Duration (minutes)").fill("38");
    await dialog.getByLabel("Aircraft").fill("DJI Mavic 3T");
    await dialog.getByLabel("Wind").fill("4 m/s SW");
  });
  await expectJobState(job, "Flown");
  const flight = job.getByRole("region", { name: "Flight record" });
  for (const text of ["2026-11-09", "38 min", "DJI Mavic 3T", "4 m/s SW"]) await expect(flight).toContainText(text);
  await expect(actions.getByRole("button")).toHaveText(["Mark processing"]);
  await act(pilotPage, job, "Mark processing", "Start processing");
  await expectJobState(job, "Processing");
  await act(pilotPage, job, "Mark delivered", "Deliver the job");
  await expectJobState(job, "Delivered");
  await expect(actions).toHaveCount(0);

  const thread = job.getByRole("region", { name: "Messages" });
  const note = `Flown in light wind; the report follows. ${uniqueId()}`;
  await thread.getByLabel("Your message").fill(note);
  await thread.getByRole("button", { name: "Send message" }).click();
  await expect(thread.getByRole("listitem").filter({ hasText: note })).toContainText("You");

  const stored = await readJob(admin.request, id);
  expect(stored.flight).toMatchObject({ flownOn: "2026-11-09", durationMinutes: 38, pilotId: pilot.id, aircraft: "DJI Mavic 3T" });
  expect(stored.events.slice(-3).map((event) => [event.to, event.by])).toEqual([
    ["flown", pilot.id],
    ["processing", pilot.id],
    ["delivered", pilot.id],
  ]);
  await expect(jobSection(pilotPage, title)).toBeVisible();
  expect(refused).toEqual([]);
});
