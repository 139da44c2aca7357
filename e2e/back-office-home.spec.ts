// The back office's home in the browser (docs/product.md §2 Back office, Home; docs/decisions/0057-back-office-home.md):
// an admin signs in and lands on the figures the server computes, each a link to the list behind it,
// with the coming days' flights by pilot; a pilot's Jobs opens with their next flights.
import type { APIRequestContext } from "@playwright/test";
import type { JobDetail } from "@common/contract/jobs";
import type { AdminOverview } from "@common/contract/overview";
import type { PublicUser } from "@common/contract/users";
import { expectNoHorizontalOverflow, scheduleViaApi } from "./admin-jobs";
import { ADMIN, expect, json, logInWithForm, registerCustomer, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";

test.use({ viewport: { width: 1366, height: 768 } });

const me = async (request: APIRequestContext) => json<PublicUser>(await request.get("/api/user"));

/** A window of an hour, `days` days from now, on the hour. */
function windowIn(days: number) {
  const start = new Date(Date.now() + days * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };
}

test("an admin signs in to the home, sees the figures of the data, and follows one to its list; a pilot sees their next flight", async ({
  page,
  browser,
  adminApi,
  baseURL,
}) => {
  const run = uniqueId();
  // A customer's quote request, waiting for an answer.
  const customerContext = await browser.newContext();
  const customer = await registerCustomer(customerContext.request, { firstName: "Harriet", lastName: `Quimby ${run}` });
  await requestQuoteViaApi(customerContext.request, customer, { serviceType: "solar", description: `Survey the ${run} array` });
  const { id: customerId } = await me(customerContext.request);
  await customerContext.close();
  // A pilot, and a job of the customer's they fly in two days.
  const pilotContext = await browser.newContext();
  await registerCustomer(pilotContext.request, { firstName: "Bessie", lastName: `Coleman ${run}` });
  const { id: pilotId } = await me(pilotContext.request);
  expect((await adminApi.patch(`/api/admin/users/${pilotId}`, { data: { role: "pilot" } })).status()).toBe(200);
  const services = await json<{ data: { id: number }[] }>(await adminApi.get("/api/services?active=true"));
  const title = `Hangar roof ${run}`;
  const opened = await adminApi.post("/api/admin/jobs", {
    data: { userId: customerId, serviceId: services.data[0]!.id, title, site: { name: `Hangar ${run}`, address: "", latitude: null, longitude: null } },
  });
  const { id: jobId } = (await json<{ data: JobDetail }>(opened, 201)).data;
  await scheduleViaApi(adminApi, jobId, { ...windowIn(2), pilotId });

  // The admin signs in and lands on the home, which shows the figures the server answered it.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/admin/overview");
  await page.goto("/login");
  await logInWithForm(page, ADMIN);
  await expect(page).toHaveURL(`${baseURL}/admin-dashboard`);
  await expect(page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
  const overview = ((await (await answered).json()) as { data: AdminOverview }).data;
  expect(overview.requests.count).toBeGreaterThanOrEqual(1);
  const figures = page.getByRole("list", { name: "What needs doing first" });
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const requests = figures.getByRole("link", {
    name: plural(overview.requests.count, "quote request waiting for an answer", "quote requests waiting for an answer"),
    exact: true,
  });
  await expect(requests).toBeVisible();
  await expect(figures.getByRole("link", { name: plural(overview.owed.count, "open invoice", "open invoices"), exact: true })).toBeVisible();
  await expect(figures.getByRole("link", { name: plural(overview.overdue.count, "overdue invoice", "overdue invoices"), exact: true })).toBeVisible();
  await expect(
    figures.getByRole("link", { name: plural(overview.criticalFindings.count, "open critical finding", "open critical findings"), exact: true }),
  ).toBeVisible();

  // The flight of the next days, under its pilot, leading to its job.
  const pilot = page.getByRole("region", { name: new RegExp(`^Bessie Coleman ${run} · 1 flight$`) });
  await expect(pilot.getByRole("link", { name: `${title} (job #${jobId})` })).toHaveAttribute("href", `/admin-dashboard/jobs/${jobId}`);
  expect(await severeViolations(page), "serious or critical axe violations on the home").toBe("");
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalOverflow(page, "the back office's home");
  await page.setViewportSize({ width: 1366, height: 768 });

  // The requests' figure leads to the Quotes tab, where the customer's request waits.
  await requests.click();
  await expect(page).toHaveURL(/\/admin-dashboard\?tab=quotes$/);
  const quotes = page.getByRole("tabpanel", { name: /^Quotes\b/ });
  await expect(quotes.getByText(`Survey the ${run} array`)).toBeVisible();

  // The pilot lands on their jobs, their next flight at the top.
  const pilotPage = await pilotContext.newPage();
  await pilotPage.goto("/admin-dashboard");
  const next = pilotPage.getByRole("region", { name: "Your next flights" });
  await expect(next.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", `/admin-dashboard/jobs/${jobId}`);
  await pilotContext.close();
});
