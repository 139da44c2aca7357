// The back office's jobs in the browser (docs/product.md §2, §10): the board with its counts, filters
// (flight days among them) and search, New job with its field errors, every action of a job's path,
// refusals included, Edit details, a page per job, the open tab and filters kept in the address, and
// the board, the job's page and the calendar at phone width.
import type { APIRequestContext } from "@playwright/test";
import type { JobDetail } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import {
  act,
  choosePilot,
  expectJobState,
  expectNoHorizontalOverflow,
  fillWindow,
  jobPageAt,
  jobSection,
  openBackOffice,
  openJob,
  readJob,
  scheduleViaApi,
} from "./admin-jobs";
import { type Account, expect, expectToast, severeViolations, test as base, uniqueId } from "./fixtures";

/** The id of the user whose session `request` carries. */
async function userIdOf(request: APIRequestContext): Promise<number> {
  return ((await (await request.get("/api/user")).json()) as PublicUser).id;
}

async function firstServiceId(request: APIRequestContext): Promise<number> {
  const services = (await (await request.get("/api/services?active=true")).json()) as { data: { id: number }[] };
  const [service] = services.data;
  if (!service) throw new Error("the catalogue has no active service");
  return service.id;
}

/** Opens a job for the customer through POST /api/admin/jobs, as the admin. */
async function openJobViaApi(admin: APIRequestContext, userId: number, title: string): Promise<number> {
  const response = await admin.post("/api/admin/jobs", {
    data: { userId, serviceId: await firstServiceId(admin), title, site: { name: `Array ${title}`, address: "1 Solar Way", latitude: 43.6, longitude: 1.44 } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: JobDetail }).data.id;
}

/**
 * A new customer of the test, signed in on its page (customerId is theirs), and a job the
 * administrator opened for them: customersJob("Barn roof") titles it so, with a suffix of its own in
 * the run; read() gives the job as the administrator reads it.
 */
const test = base.extend<{ customerId: number; customersJob: (name: string) => Promise<{ id: number; title: string; read: () => Promise<JobDetail> }> }>({
  customerId: async ({ page, newCustomer }, use) => {
    await newCustomer();
    await use(await userIdOf(page.request));
  },
  customersJob: async ({ customerId, adminContext }, use) => {
    await use(async (name) => {
      const title = `${name} ${uniqueId()}`;
      const id = await openJobViaApi(adminContext.request, customerId, title);
      return { id, title, read: () => readJob(adminContext.request, id) };
    });
  },
});

const label = (account: Account) => `${account.firstName} ${account.lastName} (${account.username})`;

test.describe("the jobs board", () => {
  test("New job shows each field's error and keeps what was typed; the job then shows on the board by state, filter and search", async ({
    newCustomer,
    adminContext: admin,
  }) => {
    const customer = await newCustomer({ firstName: "Orville", lastName: "Wright" });
    const adminPage = await admin.newPage();
    const board = await openBackOffice(adminPage, "Jobs");
    await expect(adminPage.getByRole("tablist", { name: "Admin sections" })).toHaveAttribute("aria-orientation", "vertical");
    await expect(board.getByText("Loading jobs…")).toHaveCount(0);
    expect(await severeViolations(adminPage), "serious or critical axe violations on the board").toBe("");

    await board.getByRole("button", { name: "New job" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Open a job" });
    const form = dialog.getByRole("form", { name: "New job" });
    await form.getByRole("button", { name: "Create job" }).click();
    await expect(form.getByLabel("Customer")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert").filter({ hasText: "Select a customer" })).toBeVisible();
    await expect(form.getByLabel("Service")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert").filter({ hasText: "Select a service" })).toBeVisible();
    await expect(form.getByRole("alert").filter({ hasText: "Give the job a title" })).toBeVisible();
    await expect(form.getByRole("alert").filter({ hasText: "Name the site" })).toBeVisible();

    const title = `Rooftop thermal ${uniqueId()}`;
    await form.getByLabel("Customer").selectOption({ label: label(customer) });
    await form.getByLabel("Service").selectOption({ index: 1 });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Site name").fill("Warehouse 7");
    await form.getByLabel("Site address").fill("7 Dock Road");
    await form.getByLabel("Latitude").fill("95");
    await form.getByLabel("Longitude").fill("1.5");
    await form.getByRole("button", { name: "Create job" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "Latitude is between -90 and 90" })).toBeVisible();
    await expect(form.getByLabel("Latitude")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Title")).toHaveValue(title);
    await expect(form.getByLabel("Site name")).toHaveValue("Warehouse 7");

    await form.getByLabel("Latitude").fill("51.5");
    await form.getByRole("button", { name: "Create job" }).click();
    await expect(dialog).toBeHidden();
    const job = jobSection(adminPage, title);
    await expectJobState(job, "Accepted");
    await expect(job).toContainText("Warehouse 7, 7 Dock Road (51.5, 1.5)");
    await expect(job.getByRole("list", { name: "History" }).getByRole("listitem")).toHaveCount(1);
    expect(await severeViolations(adminPage), "serious or critical axe violations on the job").toBe("");

    // A new job opens on its own page; back on the board, the state buttons count it, and each filter and the search find it.
    await expect(adminPage).toHaveURL(/\/admin-dashboard\/jobs\/\d+$/);
    await job.getByRole("link", { name: "All jobs" }).click();
    const states = board.getByRole("group", { name: "Jobs by state" });
    await expect(states.getByRole("button", { name: /^All \d+$/ })).toHaveAttribute("aria-pressed", "true");
    await board.getByLabel("Customer").selectOption({ label: label(customer) });
    const rows = board.getByRole("table").getByRole("row");
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
    await expect(states.getByRole("button", { name: "Accepted 1" })).toBeVisible();
    await expect(states.getByRole("button", { name: "Requested 0" })).toBeVisible();
    await states.getByRole("button", { name: "Requested 0" }).click();
    await expect(board.getByText(/^No jobs match/)).toBeVisible();
    await states.getByRole("button", { name: "Accepted 1" }).click();
    await expect(rows.filter({ hasText: title })).toHaveCount(1);

    await board.getByLabel("Customer").selectOption({ label: "All customers" });
    await states.getByRole("button", { name: /^All \d+$/ }).click();
    await board.getByRole("searchbox", { name: "Search" }).fill(title);
    await board.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
    await expect(rows).toHaveCount(2); // the header row and the job
    await board.getByRole("searchbox", { name: "Search" }).fill(`nothing like it ${uniqueId()}`);
    await board.getByRole("button", { name: "Search", exact: true }).click();
    await expect(board.getByText(/^No jobs match/)).toBeVisible();
  });
});

test.describe("a job's actions", () => {
  test("a window ending before it starts is refused under its field and changes nothing; then schedule, reschedule, fly, process, deliver and close", async ({
    customersJob,
    adminPage,
    adminContext: admin,
  }) => {
    const { title, read } = await customersJob("Solar farm survey");
    const job = await openJob(adminPage, title, title);
    await expectJobState(job, "Accepted");
    const actions = job.getByRole("group", { name: "Job actions" });
    await expect(actions.getByRole("button")).toHaveText(["Schedule", "Cancel job"]);

    // A window that ends before it starts: the error under Window end, the dialog stays, nothing moved.
    await actions.getByRole("button", { name: "Schedule" }).click();
    const schedule = adminPage.getByRole("dialog", { name: "Schedule the flight" });
    await fillWindow(schedule, { start: "2026-12-15T10:00", end: "2026-12-15T09:00", timeZone: "Europe/Paris" });
    await schedule.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(schedule.getByLabel("Window end")).toHaveAttribute("aria-invalid", "true");
    await expect(schedule.getByRole("alert").filter({ hasText: "The flight window must end after it starts" })).toBeVisible();
    await expect(schedule.getByLabel("Window start")).toHaveValue("2026-12-15T10:00");
    expect((await read()).status).toBe("accepted");

    // The same dialog, corrected: 10:00–11:30 in Paris is 09:00–10:30 UTC.
    await schedule.getByLabel("Window end").fill("2026-12-15T11:30");
    await schedule.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(schedule).toBeHidden();
    await expectJobState(job, "Scheduled");
    let stored = await read();
    expect([stored.scheduledStart, stored.scheduledEnd, stored.timeZone]).toEqual(["2026-12-15T09:00:00.000Z", "2026-12-15T10:30:00.000Z", "Europe/Paris"]);
    await expect(job).toContainText("Dec 15, 2026, 10:00 AM – 11:30 AM GMT+1");

    // Rescheduling needs a reason; the old window stays in the history.
    await actions.getByRole("button", { name: "Reschedule" }).click();
    const reschedule = adminPage.getByRole("dialog", { name: "Reschedule the flight" });
    await expect(reschedule.getByLabel("Window start")).toHaveValue("2026-12-15T10:00");
    await reschedule.getByLabel("Window start").fill("2026-12-16T10:00");
    await reschedule.getByLabel("Window end").fill("2026-12-16T11:30");
    await reschedule.getByRole("button", { name: "Reschedule", exact: true }).click();
    await expect(reschedule.getByRole("alert").filter({ hasText: "Give a reason" })).toBeVisible();
    await reschedule.getByLabel("Reason").fill("Weather hold: gusts over 35 km/h");
    await reschedule.getByRole("button", { name: "Reschedule", exact: true }).click();
    await expect(reschedule).toBeHidden();
    const history = job.getByRole("list", { name: "History" });
    const rescheduled = history.getByRole("listitem").filter({ hasText: "Rescheduled" });
    await expect(rescheduled).toContainText("Weather hold: gusts over 35 km/h");
    await expect(rescheduled).toContainText("Was Dec 15, 2026, 10:00 AM – 11:30 AM GMT+1");

    // Marking flown records the flight; cancelling is no longer offered.
    await act(adminPage, job, "Mark flown", "Record the flight", async (dialog) => {
      await dialog.getByLabel("Flown on").fill("2026-11-16");
      await dialog.getByLabel("Duration (minutes)").fill("42");
      await choosePilot(dialog.getByLabel("Pilot"));
      await dialog.getByLabel("Aircraft").fill("DJI Matrice 30T");
      await dialog.getByLabel("Wind").fill("3 m/s NW");
      await dialog.getByLabel("Temperature").fill("8 °C");
      await dialog.getByLabel("Cloud").fill("Clear");
      await dialog.getByLabel("Irradiance").fill("720 W/m²");
    });
    await expectJobState(job, "Flown");
    await expect(actions.getByRole("button")).toHaveText(["Mark processing", "Mark delivered"]);
    const flight = job.getByRole("region", { name: "Flight record" });
    for (const text of ["2026-11-16", "42 min", "DJI Matrice 30T", "3 m/s NW", "8 °C", "Clear", "720 W/m²"]) await expect(flight).toContainText(text);

    // A move the page still offered but the job has left: the server's 409 names both states.
    const stale = await admin.newPage();
    const staleJob = await openJob(stale, title, title);
    await act(adminPage, job, "Mark processing", "Start processing");
    await expectJobState(job, "Processing");
    await staleJob.getByRole("group", { name: "Job actions" }).getByRole("button", { name: "Mark delivered" }).click();
    await stale.getByRole("dialog", { name: "Deliver the job" }).getByRole("button", { name: "Mark delivered" }).click();
    await expectJobState(job, "Processing");
    await stale.close();

    await act(adminPage, job, "Mark delivered", "Deliver the job");
    await expectJobState(job, "Delivered");
    await act(adminPage, job, "Close job", "Close the job", (dialog) => dialog.getByLabel("Note (optional)").fill("Customer happy with the report"));
    await expectJobState(job, "Closed");
    await expect(actions).toHaveCount(0);

    stored = await read();
    expect(stored.events.map((event) => [event.from, event.to])).toEqual([
      [null, "accepted"],
      ["accepted", "scheduled"],
      // A reschedule keeps the state: told as one, with no from (docs/decisions/0048-quote-and-job-life-cycles.md).
      [null, "scheduled"],
      ["scheduled", "flown"],
      ["flown", "processing"],
      ["processing", "delivered"],
      ["delivered", "closed"],
    ]);
    await expect(history.getByRole("listitem")).toHaveCount(7);
    await expect(history.getByRole("listitem").last()).toContainText("Customer happy with the report");
  });

  test("cancelling needs a reason, and a cancelled job offers nothing more", async ({ customersJob, adminPage }) => {
    const { title } = await customersJob("Vineyard NDVI");
    const job = await openJob(adminPage, title, title);
    await job.getByRole("group", { name: "Job actions" }).getByRole("button", { name: "Cancel job" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Cancel the job" });
    await dialog.getByRole("button", { name: "Cancel job" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Give a reason" })).toBeVisible();
    await dialog.getByLabel("Reason").fill("Site access refused by the landlord");
    await dialog.getByRole("button", { name: "Cancel job" }).click();
    await expect(dialog).toBeHidden();
    await expectJobState(job, "Cancelled");
    await expect(job).toContainText("Site access refused by the landlord");
    await expect(job.getByRole("group", { name: "Job actions" })).toHaveCount(0);
  });
});

test.describe("the calendar", () => {
  test("shows each flight on its day by month and by week, warns when a pilot is booked twice at the same time, and the board narrows to a flight day", async ({
    customerId: userId,
    adminContext: admin,
  }) => {
    const pilotId = ((await (await admin.request.get("/api/user")).json()) as PublicUser).id;
    const titles = [`Roof survey ${uniqueId()}`, `Field survey ${uniqueId()}`] as const;
    for (const [index, title] of titles.entries()) {
      const id = await openJobViaApi(admin.request, userId, title);
      const window =
        index === 0
          ? { start: "2027-03-10T09:00:00.000Z", end: "2027-03-10T11:00:00.000Z" }
          : { start: "2027-03-10T10:00:00.000Z", end: "2027-03-10T12:00:00.000Z" };
      await scheduleViaApi(admin.request, id, { ...window, pilotId });
    }

    const adminPage = await admin.newPage();
    const calendar = await openBackOffice(adminPage, "Calendar");
    await expect(calendar.getByRole("alert").filter({ hasText: `booked for “${titles[0]}” and “${titles[1]}” at the same time` })).toBeVisible();
    for (let step = 0; step < 24 && !(await calendar.getByRole("heading", { name: "March 2027" }).isVisible()); step += 1) {
      await calendar.getByRole("button", { name: "Next month" }).click();
    }
    const march10 = calendar.getByRole("list", { name: "Flights, March 2027" }).getByRole("listitem", { name: "Wed, Mar 10" });
    for (const title of titles) await expect(march10.getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await expect(march10.getByRole("link", { name: new RegExp(`Double booked.*${titles[0]}`) })).toBeVisible();

    await calendar.getByRole("button", { name: "Week" }).click();
    await calendar.getByRole("button", { name: "Next week" }).click();
    const week = calendar.getByRole("list", { name: "Flights, Week of Mon, Mar 8" });
    await expect(week.getByRole("listitem", { name: "Wed, Mar 10" }).getByRole("link", { name: new RegExp(titles[1]) })).toBeVisible();

    // A flight links to its job's page, and Back returns to the calendar on the week it was left at.
    await week.getByRole("link", { name: new RegExp(titles[1]) }).click();
    const job = jobSection(adminPage, titles[1]);
    await expectJobState(job, "Scheduled");
    await job.getByRole("link", { name: "Back to the calendar" }).click();
    await expect(week.getByRole("listitem", { name: "Wed, Mar 10" }).getByRole("link", { name: new RegExp(titles[1]) })).toBeVisible();

    // The board narrowed to the flights of that day lists just these two, and counts them.
    const board = await openBackOffice(adminPage, "Jobs");
    await board.getByLabel("Flying from").fill("2027-03-10");
    await board.getByLabel("Flying to").fill("2027-03-10");
    const rows = board.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(3);
    for (const title of titles) await expect(rows.filter({ hasText: title })).toHaveCount(1);
    await expect(board.getByRole("group", { name: "Jobs by state" }).getByRole("button", { name: "Scheduled 2" })).toBeVisible();
  });
});

test.describe("the back office in the address", () => {
  test("a job's page opens by its address and holds through a reload; Back returns to the board as it was searched; a customer is refused it", async ({
    page,
    customersJob,
    adminPage,
  }) => {
    const { id, title } = await customersJob("Silo roof survey");

    let job = await jobPageAt(adminPage, id, title);
    await expect(adminPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectJobState(job, "Accepted");
    await expect(job.getByRole("group", { name: "Job actions" }).getByRole("button")).toHaveText(["Schedule", "Cancel job"]);
    await adminPage.reload();
    await expectJobState(job, "Accepted");
    expect(await severeViolations(adminPage), "serious or critical axe violations on the job's page").toBe("");
    // Opened directly, its Back goes to the board.
    await expect(job.getByRole("link", { name: "All jobs" })).toHaveAttribute("href", "/admin-dashboard?tab=jobs");

    // From the board searched for it, the row is a real link, and Back finds the board searched as it was.
    job = await openJob(adminPage, title, title);
    await expect(adminPage).toHaveURL(`/admin-dashboard/jobs/${id}`);
    await job.getByRole("link", { name: "All jobs" }).click();
    await expect(adminPage).toHaveURL(/\/admin-dashboard\?(tab=jobs&)?q=/);
    const board = adminPage.getByRole("tabpanel", { name: /^Jobs/ });
    await expect(board.getByRole("searchbox", { name: "Search" })).toHaveValue(title);
    await expect(board.getByRole("table").getByRole("row")).toHaveCount(2);
    await expect(board.getByRole("link", { name: title })).toHaveAttribute("href", `/admin-dashboard/jobs/${id}`);

    await page.goto(`/admin-dashboard/jobs/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Administrators only" })).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    await adminPage.goto("/admin-dashboard/jobs/999999999");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Job not found" })).toBeVisible();
  });

  test("the open tab is in the address: a reload keeps it, and Back and Forward move between the tabs", async ({ adminContext: admin }) => {
    const adminPage = await admin.newPage();
    await openBackOffice(adminPage, "Calendar");
    await expect(adminPage).toHaveURL(/\/admin-dashboard\?tab=calendar$/);
    const tabs = adminPage.getByRole("tablist", { name: "Admin sections" });
    await adminPage.reload();
    await expect(tabs.getByRole("tab", { name: "Calendar" })).toHaveAttribute("aria-selected", "true");
    await openBackOffice(adminPage, "Payments");
    await expect(adminPage).toHaveURL(/\?tab=payments$/);
    await adminPage.goBack();
    await expect(adminPage).toHaveURL(/\?tab=calendar$/);
    await expect(tabs.getByRole("tab", { name: "Calendar" })).toHaveAttribute("aria-selected", "true");
    await expect(adminPage.getByRole("tabpanel", { name: "Calendar" })).toBeVisible();
    await adminPage.goForward();
    await expect(tabs.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
    // A tab that does not exist opens Home, where an admin's back office opens.
    await adminPage.goto("/admin-dashboard?tab=no-such-tab");
    await expect(tabs.getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("the board's flight days", () => {
  test("From and To narrow the board on the server and stay through a reload; To before From shows the server's refusal under To; Clear filters empties them", async ({
    customerId: userId,
    adminContext: admin,
  }) => {
    const pilotId = await userIdOf(admin.request);
    const run = uniqueId();
    const early = `Orchard NDVI ${run}`;
    const late = `Orchard thermal ${run}`;
    await scheduleViaApi(admin.request, await openJobViaApi(admin.request, userId, early), {
      start: "2028-05-02T08:00:00.000Z",
      end: "2028-05-02T09:00:00.000Z",
      pilotId,
    });
    await scheduleViaApi(admin.request, await openJobViaApi(admin.request, userId, late), {
      start: "2028-05-09T08:00:00.000Z",
      end: "2028-05-09T09:00:00.000Z",
      pilotId,
    });

    const adminPage = await admin.newPage();
    const board = await openBackOffice(adminPage, "Jobs");
    await board.getByRole("searchbox", { name: "Search" }).fill(run);
    await board.getByRole("button", { name: "Search", exact: true }).click();
    const rows = board.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(3);

    await board.getByLabel("Flying from").fill("2028-05-01");
    await board.getByLabel("Flying to").fill("2028-05-03");
    await expect(adminPage).toHaveURL(/from=2028-05-01&to=2028-05-03/);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: early })).toHaveCount(1);
    await expect(board.getByRole("group", { name: "Jobs by state" }).getByRole("button", { name: "Scheduled 1" })).toBeVisible();
    await adminPage.reload();
    await expect(board.getByLabel("Flying from")).toHaveValue("2028-05-01");
    await expect(rows.filter({ hasText: early })).toHaveCount(1);
    await expect(rows.filter({ hasText: late })).toHaveCount(0);

    // To before From: the server's own message, under To.
    const refused = await admin.request.get("/api/admin/jobs?from=2028-05-09&to=2028-05-01");
    expect(refused.status()).toBe(400);
    const { message } = (await refused.json()) as { message: string };
    await board.getByLabel("Flying from").fill("2028-05-09");
    await board.getByLabel("Flying to").fill("2028-05-01");
    await expect(board.getByLabel("Flying to")).toHaveAttribute("aria-invalid", "true");
    await expect(board.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(board.getByRole("table")).toHaveCount(0);

    await board.getByRole("button", { name: "Clear filters" }).click();
    await expect(board.getByLabel("Flying from")).toHaveValue("");
    await expect(board.getByLabel("Flying to")).toHaveValue("");
    await expect(board.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    await expect(adminPage).toHaveURL(/\/admin-dashboard(\?tab=jobs)?$/);
    await expect(rows.filter({ hasText: run })).toHaveCount(2);
  });
});

test.describe("a job's details", () => {
  test("Edit details shows an error under its field and keeps what was typed; corrected, the title and site change and the history says so", async ({
    customersJob,
    adminPage,
  }) => {
    const { id, title, read } = await customersJob("Barn roof");
    const job = await jobPageAt(adminPage, id, title);
    const history = job.getByRole("list", { name: "History" });
    await expect(history.getByRole("listitem")).toHaveCount(1);

    await job.getByRole("button", { name: "Edit details" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Edit the job's details" });
    const form = dialog.getByRole("form", { name: "Job details" });
    await expect(form.getByLabel("Site name")).toHaveValue(`Array ${title}`);
    const renamed = `${title} (north)`;
    await form.getByLabel("Title").fill(renamed);
    await form.getByLabel("Site name").fill("North barn");
    await form.getByLabel("Site address").fill("2 Field Lane");
    await form.getByLabel("Longitude").fill("200");
    await form.getByRole("button", { name: "Save details" }).click();
    await expect(form.getByLabel("Longitude")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert").filter({ hasText: "Longitude is between -180 and 180" })).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue(renamed);
    await expect(form.getByLabel("Site name")).toHaveValue("North barn");
    expect((await read()).title).toBe(title);

    await form.getByLabel("Longitude").fill("-1.25");
    await form.getByRole("button", { name: "Save details" }).click();
    await expect(dialog).toBeHidden();
    await expectToast(adminPage, "Job updated");
    const edited = jobSection(adminPage, renamed);
    await expect(edited).toContainText("North barn, 2 Field Lane (43.6, -1.25)");
    await expect(edited.getByRole("list", { name: "History" }).getByRole("listitem")).toHaveCount(2);
    const stored = await read();
    expect([stored.title, stored.site]).toEqual([renamed, { name: "North barn", address: "2 Field Lane", latitude: 43.6, longitude: -1.25 }]);
  });
});

test.describe("at phone width", () => {
  test("the board, a job's page, the calendar and the sidebar fit 390 × 844 without sideways scrolling", async ({ customersJob, adminContext: admin }) => {
    const { id, title } = await customersJob("Long named hillside vineyard survey");
    const adminId = await userIdOf(admin.request);
    await scheduleViaApi(admin.request, id, { start: "2028-06-06T08:00:00.000Z", end: "2028-06-06T09:30:00.000Z", pilotId: adminId });
    const adminPage = await admin.newPage();
    await adminPage.setViewportSize({ width: 390, height: 844 });

    const board = await openBackOffice(adminPage, "Jobs");
    await expect(board.getByRole("table")).toBeVisible();
    await expectNoHorizontalOverflow(adminPage, "the board and the sidebar");
    // A phone lists the days that have flights rather than the month's grid.
    await adminPage.goto("/admin-dashboard?tab=calendar&day=2028-06-06");
    const june6 = adminPage.getByRole("list", { name: "Flights, June 2028" }).getByRole("listitem", { name: "Tue, Jun 6" });
    await expect(june6.getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await expectNoHorizontalOverflow(adminPage, "the calendar");

    await expectJobState(await jobPageAt(adminPage, id, title), "Scheduled");
    await expectNoHorizontalOverflow(adminPage, "the job's page");
    await jobSection(adminPage, title).getByRole("button", { name: "Mark flown" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Record the flight" });
    // Opened directly, the page has not listed the staff before: the dialog still shows the job's pilot.
    await expect(dialog.getByLabel("Pilot")).toHaveValue(String(adminId));
    await expectNoHorizontalOverflow(adminPage, "the flight dialog");
  });
});
