// The back office reads flight times in the business's zone (BUSINESS_TIME_ZONE, America/Recife in
// e2e/serve.mjs), whatever zone the browser is in: the calendar says which zone it shows, and the
// schedule dialog offers the business's zone first among current IANA names grouped by region.
import type { APIRequestContext } from "@playwright/test";
import type { JobDetail } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import { act, jobSection, readJob, scheduleViaApi } from "./admin-jobs";
import { expect, loggedInAdmin, test, uniqueId } from "./fixtures";

const userId = async (request: APIRequestContext): Promise<number> => ((await (await request.get("/api/user")).json()) as PublicUser).id;

/** The administrator's browser is set to Tokyo, far from the business's zone. */
const IN_TOKYO = { timezoneId: "Asia/Tokyo" };

async function openJobFor(admin: APIRequestContext, customerId: number, title: string): Promise<number> {
  const services = (await (await admin.get("/api/services?active=true")).json()) as { data: { id: number }[] };
  const response = await admin.post("/api/admin/jobs", {
    data: {
      userId: customerId,
      serviceId: services.data[0]?.id,
      title,
      site: { name: `Site ${title}`, address: "1 Rua da Aurora", latitude: -8.05, longitude: -34.9 },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: JobDetail }).data.id;
}

test("the calendar shows a Recife flight at Recife's 11:00–14:00 to a browser in Tokyo, and says so", async ({ browser, page, newCustomer }) => {
  await newCustomer();
  const admin = await loggedInAdmin(browser, IN_TOKYO);
  try {
    const title = `Recife rooftop ${uniqueId()}`;
    const id = await openJobFor(admin.request, await userId(page.request), title);
    // 11:00–14:00 in Recife (UTC−3, no summer time) is 14:00–17:00 UTC, 23:00–02:00 in Tokyo.
    await scheduleViaApi(admin.request, id, { start: "2028-08-15T14:00:00.000Z", end: "2028-08-15T17:00:00.000Z", pilotId: await userId(admin.request) });
    const adminPage = await admin.newPage();
    await adminPage.goto("/admin-dashboard?tab=calendar&day=2028-08-15");
    const calendar = adminPage.getByRole("region", { name: "Calendar" });
    await expect(calendar).toContainText("Times in America/Recife, 24-hour clock.");
    await expect(calendar.getByLabel("Times in")).toHaveValue("America/Recife");
    const day = calendar.getByRole("list", { name: "Flights, August 2028" }).getByRole("listitem", { name: "Tue, Aug 15" });
    await expect(day.getByRole("link", { name: new RegExp(title) })).toContainText("11:00–14:00");

    // The browser's own zone on demand, named as such.
    await calendar.getByLabel("Times in").selectOption("Asia/Tokyo");
    await expect(calendar).toContainText("Times in Asia/Tokyo, 24-hour clock.");
    await expect(day.getByRole("link", { name: new RegExp(title) })).toContainText("23:00–02:00");
  } finally {
    await admin.close();
  }
});

test("the schedule dialog starts in the business's zone, offers it first, groups the rest by region and finds one by name", async ({
  browser,
  page,
  newCustomer,
}) => {
  await newCustomer();
  const admin = await loggedInAdmin(browser, IN_TOKYO);
  try {
    const title = `Zone pick ${uniqueId()}`;
    const id = await openJobFor(admin.request, await userId(page.request), title);
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin-dashboard/jobs/${id}`);
    const job = jobSection(adminPage, title);
    await expect(job).toBeVisible();
    await act(adminPage, job, "Schedule", "Schedule the flight", async (dialog) => {
      const zone = dialog.getByLabel("Time zone");
      await expect(zone).toHaveValue("America/Recife");
      const groups = zone.locator("optgroup");
      await expect(groups.first()).toHaveAttribute("label", "The business's zone");
      await expect(groups.first().locator("option")).toHaveText(["America/Recife"]);
      const labels = await groups.evaluateAll((elements) => elements.map((element) => element.getAttribute("label")));
      expect(labels).toEqual(expect.arrayContaining(["America", "Asia", "Europe", "Pacific"]));
      // Current names only: Kyiv, not the retired Kiev.
      await expect(zone.locator('option[value="Europe/Kyiv"]')).toHaveCount(1);
      await expect(zone.locator('option[value="Europe/Kiev"]')).toHaveCount(0);

      await dialog.getByLabel("Find a zone").fill("kyiv");
      await expect(zone.locator("option")).toHaveText(["America/Recife", "Europe/Kyiv"]);
      await zone.selectOption("Europe/Kyiv");
      await dialog.getByLabel("Window start").fill("2028-09-01T09:00");
      await dialog.getByLabel("Window end").fill("2028-09-01T10:00");
      const pilot = dialog.getByLabel("Pilot");
      const option = pilot.locator("option", { hasText: "e2e-admin" });
      await expect(option).toHaveCount(1);
      await pilot.selectOption((await option.getAttribute("value")) ?? "");
    });
    const stored = await readJob(admin.request, id);
    // 09:00 in Kyiv on Sep 1 (UTC+3, summer time) is 06:00 UTC.
    expect([stored.timeZone, stored.scheduledStart]).toEqual(["Europe/Kyiv", "2028-09-01T06:00:00.000Z"]);
  } finally {
    await admin.close();
  }
});
