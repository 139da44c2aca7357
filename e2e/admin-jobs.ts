// Helpers of the back office's jobs tests (e2e/jobs-admin.spec.ts, e2e/job-journey.spec.ts).
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { JobDetail } from "@common/contract/jobs";
import { ADMIN, expect } from "./fixtures";

/** Opens /admin-dashboard (an admin's or a pilot's) on one of its sidebar tabs and returns the tab's panel. */
export async function openBackOffice(page: Page, label: string): Promise<Locator> {
  if (new URL(page.url()).pathname !== "/admin-dashboard") {
    await page.goto("/admin-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /^(Admin|Pilot) Dashboard$/ })).toBeVisible();
  }
  const name = new RegExp(`^${label}\\b`);
  // Below 640 px the back office offers its sections in a compact menu in place of the tabs.
  const menu = page.getByRole("combobox", { name: "Section" });
  if (await menu.isVisible()) await menu.selectOption({ label });
  else await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab", { name }).click();
  const panel = page.getByRole("tabpanel", { name });
  await expect(panel).toBeVisible();
  return panel;
}

/** The job's page, named by its title. */
export const jobSection = (page: Page, title: string): Locator => page.getByRole("region", { name: title, exact: true });

/** Opens the job's page by its address, /admin-dashboard/jobs/{id}, and returns the page's job, named by its title. */
export async function jobPageAt(page: Page, id: number, title: string): Promise<Locator> {
  await page.goto(`/admin-dashboard/jobs/${id}`);
  return jobSection(page, title);
}

/** Finds the job on the board by searching for `search`, opens its page from its row, and returns the page's job. */
export async function openJob(page: Page, search: string, title: string): Promise<Locator> {
  const board = await openBackOffice(page, "Jobs");
  await board.getByRole("searchbox", { name: "Search" }).fill(search);
  await board.getByRole("button", { name: "Search", exact: true }).click();
  const rows = board.getByRole("table").getByRole("row").filter({ hasText: title });
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/jobs\/\d+$/);
  const job = jobSection(page, title);
  await expect(job).toBeVisible();
  return job;
}

/** Runs one of the job's actions through its dialog: `fill` types the action's fields; the dialog closes on success. */
export async function act(page: Page, job: Locator, action: string, title: string, fill: (dialog: Locator) => Promise<void> = async () => {}): Promise<void> {
  await job.getByRole("group", { name: "Job actions" }).getByRole("button", { name: action, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole("button", { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The job's state as its badge says it, beside its heading. */
export async function expectJobState(job: Locator, label: string): Promise<void> {
  await expect(job.locator("header").getByText(label, { exact: true })).toBeVisible();
}

/** Fills the Schedule / Reschedule dialog: a window in the site's zone and the pilot. */
export async function fillWindow(dialog: Locator, window: { start: string; end: string; timeZone: string }): Promise<void> {
  await dialog.getByLabel("Window start").fill(window.start);
  await dialog.getByLabel("Window end").fill(window.end);
  await dialog.getByLabel("Time zone").selectOption(window.timeZone);
  await choosePilot(dialog.getByLabel("Pilot"));
}

/** Picks the run's administrator (who flies too) in a pilot list, whose label may carry a name before the username. */
export async function choosePilot(select: Locator): Promise<void> {
  const option = select.locator("option", { hasText: ADMIN.username });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute("value")) ?? "");
}

/** GET /api/jobs/{id} as the given session sees it. */
export async function readJob(request: APIRequestContext, id: number): Promise<JobDetail> {
  const response = await request.get(`/api/jobs/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: JobDetail }).data;
}

/** Asks for a job's flight through PATCH /api/admin/jobs/{id} as the given session: a window (UTC) and its pilot. */
export async function scheduleViaApi(request: APIRequestContext, id: number, window: { start: string; end: string; pilotId: number }): Promise<void> {
  const response = await request.patch(`/api/admin/jobs/${id}`, {
    data: { status: "scheduled", scheduledStart: window.start, scheduledEnd: window.end, timeZone: "UTC", pilotId: window.pilotId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Accepts a quote at `price` and flies the job it opened, through the API as the given admin session
 * (who flies it too): scheduled on 2 December 2026 from 15:00 to 16:00 UTC, flown on 3 November
 * with `aircraft`. Resolves to a move of that job, for the steps after.
 */
export async function flyQuoteJobViaApi(
  admin: APIRequestContext,
  { quoteId, jobId, price, aircraft }: { quoteId: number; jobId: number; price: number; aircraft: string },
): Promise<(data: object) => Promise<void>> {
  const move = async (data: object) => {
    const response = await admin.patch(`/api/admin/jobs/${jobId}`, { data });
    expect(response.status(), await response.text()).toBe(200);
  };
  const { id: pilotId } = (await (await admin.get("/api/user")).json()) as { id: number };
  const accepted = await admin.patch(`/api/admin/quotes/${quoteId}`, { data: { status: "accepted", price } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await scheduleViaApi(admin, jobId, { start: "2026-12-02T15:00:00.000Z", end: "2026-12-02T16:00:00.000Z", pilotId });
  await move({ status: "flown", flight: { flownOn: "2026-11-03", durationMinutes: 30, aircraft } });
  return move;
}

/**
 * Flies and delivers the job a quote request opened, through the API as the given admin session
 * (who flies it too): Mark Completed closes a job, so the back office offers it once the job is delivered.
 */
export async function deliverQuoteJobViaApi(admin: APIRequestContext, customer: APIRequestContext, quoteId: number): Promise<void> {
  const { id: pilotId } = (await (await admin.get("/api/user")).json()) as { id: number };
  const jobs = ((await (await customer.get("/api/jobs")).json()) as { data: { id: number; quoteId: number | null }[] }).data;
  const jobId = jobs.find((job) => job.quoteId === quoteId)!.id;
  await scheduleViaApi(admin, jobId, { start: "2026-11-02T08:00:00.000Z", end: "2026-11-02T10:00:00.000Z", pilotId });
  for (const data of [{ status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 30, aircraft: "M3E" } }, { status: "delivered" }]) {
    const response = await admin.patch(`/api/admin/jobs/${jobId}`, { data });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Checks that nothing on the page is wider than the viewport: the page never scrolls sideways (tables scroll in their own box). */
export async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    wide: [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !element.closest(".sr-only, .overflow-x-auto"))
      .slice(-3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">${element.textContent?.trim().slice(0, 40) ?? ""}`),
  }));
  expect(scrollWidth, `${what} at ${innerWidth} px is wider than the viewport:\n${wide.join("\n")}`).toBeLessThanOrEqual(innerWidth);
}
