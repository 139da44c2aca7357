// The customer's view of a job (docs/product.md §2, /dashboard and /dashboard/jobs/:id): the Jobs
// tab, the job's page with its timeline, flight window and calendar file, its deliverables, and the
// message thread; nobody else's job.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Job, JobDetail } from "@common/contract/jobs";
import { JOB_NEXT_STEP, jobMessages } from "@common/job-status";
import { type Account, expect, json, registerCustomer, requestQuoteViaApi, severeViolations, signInAsAdmin, test, uniqueId, useTheme } from "./fixtures";

/** 09:30–11:00 in Paris on Dec 1, 2026 (UTC+1 then). */
const WINDOW = { scheduledStart: "2026-12-01T08:30:00.000Z", scheduledEnd: "2026-12-01T10:00:00.000Z", timeZone: "Europe/Paris" };

interface DeliveredJob {
  id: number;
  title: string;
  reportTitle: string;
}

/**
 * Everything the business does before the customer looks: the quote request opens the job, the
 * admin approves it, schedules the flight, marks it flown, uploads a report to it and delivers it.
 */
async function deliveredJob(page: Page, customer: Account, admin: APIRequestContext): Promise<DeliveredJob> {
  const description = `Thermal survey of the north roof, ref ${uniqueId()}`;
  const quoteId = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description, budget: "", timeline: "" });
  const jobs = (await json<{ data: Job[] }>(await page.request.get("/api/jobs"))).data;
  const job = jobs.find((candidate) => candidate.quoteId === quoteId);
  expect(job, `a job for quote ${quoteId} in ${JSON.stringify(jobs)}`).toBeDefined();
  const id = job!.id;

  const adminUser = await json<{ id: number }>(await admin.get("/api/user"));
  await json(await admin.patch(`/api/admin/quotes/${quoteId}`, { data: { status: "accepted", price: 150_000 } }));
  const move = (data: object) => admin.patch(`/api/admin/jobs/${id}`, { data });
  await json(await move({ status: "scheduled", ...WINDOW, pilotId: adminUser.id, note: "Clear skies expected" }));
  await json(await move({ status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 45, aircraft: "M30T" } }));

  const reportTitle = `Thermal report ${uniqueId()}`;
  const detail = (await json<{ data: JobDetail }>(await admin.get(`/api/jobs/${id}`))).data;
  // A quote request's job has no catalogue service; the upload form still asks for one.
  const [service] = (await json<{ data: { id: number }[] }>(await admin.get("/api/services"))).data;
  await json(
    await admin.post("/api/admin/reports", {
      multipart: {
        userId: String(detail.userId),
        serviceId: String(service!.id),
        jobId: String(id),
        title: reportTitle,
        description: "Hotspots ranked by severity",
        file: { name: "thermal-report.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% thermal findings\n") },
      },
    }),
    201,
  );
  await json(await move({ status: "delivered" }));
  return { id, title: detail.title, reportTitle };
}

test("a customer follows a delivered job from the Jobs tab: timeline, window, calendar file, report and messages", async ({
  page,
  playwright,
  baseURL,
  newCustomer,
}) => {
  const customer = await newCustomer({ firstName: "Bessie", lastName: "Coleman" });
  const admin = await playwright.request.newContext({ baseURL });
  let job: DeliveredJob;
  try {
    await signInAsAdmin(admin);
    job = await deliveredJob(page, customer, admin);
  } finally {
    await admin.dispose();
  }

  await page.goto("/dashboard");
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Jobs" }).click();
  const panel = page.getByRole("tabpanel", { name: "Jobs" });
  const card = panel.getByRole("listitem").filter({ hasText: job.title });
  await expect(card).toContainText("Delivered");
  await expect(card).toContainText(`Next step: ${JOB_NEXT_STEP.delivered}`);
  await card.getByRole("link", { name: job.title }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/jobs/${job.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: job.title })).toBeVisible();
  await expect(page).toHaveTitle(/^Job \| SkyVantage/);

  // The timeline: every step reached so far has its date; the current one is marked; the next is named.
  const timeline = page.getByRole("region", { name: "Timeline" });
  for (const step of ["Requested", "Accepted", "Scheduled", "Flown", "Delivered"]) {
    await expect(timeline.getByRole("listitem").filter({ hasText: step }).locator("time")).toHaveCount(1);
  }
  await expect(timeline.locator('[aria-current="step"]')).toContainText("Delivered");
  await expect(timeline.getByRole("listitem").filter({ hasText: "Closed" })).toContainText("Not yet");
  await expect(timeline).toContainText(`Next step: ${JOB_NEXT_STEP.delivered}`);

  // The window in the site's zone, and the calendar file.
  const flightWindow = page.getByRole("region", { name: "Flight window" });
  await expect(flightWindow).toContainText("Dec 1, 2026");
  await expect(flightWindow).toContainText(/9:30\s?AM – 11:00\s?AM/);
  await expect(flightWindow).toContainText("Times at the site (Europe/Paris)");
  const calendar = flightWindow.getByRole("link", { name: "Add to calendar" });
  const calendarAnswer = await page.request.get((await calendar.getAttribute("href")) ?? "");
  expect(calendarAnswer.headers()["content-type"]).toContain("text/calendar");
  const [icsDownload] = await Promise.all([page.waitForEvent("download"), calendar.click()]);
  const ics = readFileSync((await icsDownload.path()) ?? "", "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("DTSTART");

  // The report delivered with the job downloads.
  const deliverables = page.getByRole("region", { name: "Deliverables" });
  await expect(deliverables.getByRole("heading", { name: job.reportTitle })).toBeVisible();
  const [reportDownload] = await Promise.all([page.waitForEvent("download"), deliverables.getByRole("link", { name: `Download ${job.reportTitle}` }).click()]);
  expect(readFileSync((await reportDownload.path()) ?? "", "utf8")).toContain("thermal findings");

  // The quote and its payments.
  await expect(page.getByRole("region", { name: "Quote" })).toContainText("$1,500.00");

  // Messages: an empty one is refused under the field; a long one too, and the text stays; a good one appears.
  const messages = page.getByRole("region", { name: "Messages" });
  const field = messages.getByLabel("Your message");
  await messages.getByRole("button", { name: "Send message" }).click();
  await expect(messages.getByRole("alert")).toHaveText(jobMessages.messageEmpty);
  await expect(field).toBeFocused();
  const tooLong = "x".repeat(5_001);
  await field.fill(tooLong);
  await messages.getByRole("button", { name: "Send message" }).click();
  await expect(messages.getByRole("alert")).toHaveText(jobMessages.messageTooLong);
  await expect(field).toHaveValue(tooLong);
  const text = `Could you also fly the south roof? ${uniqueId()}`;
  await field.fill(text);
  await messages.getByRole("button", { name: "Send message" }).click();
  await expect(messages.getByRole("listitem").filter({ hasText: text })).toContainText("You");
  await expect(field).toHaveValue("");
  await expect(messages.getByRole("alert")).toHaveCount(0);

  // Accessibility in both themes (the site opens dark).
  expect(await severeViolations(page), "serious or critical axe violations, dark theme").toBe("");
  await useTheme(page, "light");
  await page.reload();
  await expect(page.getByRole("region", { name: "Timeline" }).locator('[aria-current="step"]')).toBeVisible();
  expect(await severeViolations(page), "serious or critical axe violations, light theme").toBe("");

  // Back to the dashboard, on the Jobs tab.
  await page.getByRole("link", { name: "All your jobs" }).click();
  await expect(page.getByRole("tabpanel", { name: "Jobs" })).toBeVisible();

  // The other tabs say which job an item belongs to: the report by its job, the quote by the job it opened.
  const tabs = page.getByRole("tablist", { name: "Dashboard sections" });
  await tabs.getByRole("tab", { name: "Reports" }).click();
  const report = page.getByRole("tabpanel", { name: "Reports" }).getByRole("listitem").filter({ hasText: job.reportTitle });
  await expect(report.getByRole("link", { name: `Job: ${job.title}` })).toHaveAttribute("href", `/dashboard/jobs/${job.id}`);
  await tabs.getByRole("tab", { name: "My Quotes" }).click();
  await expect(page.getByRole("tabpanel", { name: "My Quotes" }).getByRole("link", { name: `Job: ${job.title}` })).toHaveAttribute(
    "href",
    `/dashboard/jobs/${job.id}`,
  );

  // Another customer gets the not-found state, not the job.
  const other = await page.context().browser()!.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await registerCustomer(otherPage.request);
    await otherPage.goto(`/dashboard/jobs/${job.id}`);
    await expect(otherPage.getByRole("heading", { level: 1, name: "Job not found" })).toBeVisible();
    await expect(otherPage.getByRole("region", { name: "Timeline" })).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test("a visitor opening a job's page is sent to log in, with the job's page as where to come back", async ({ page }) => {
  await page.goto("/dashboard/jobs/1");
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fjobs%2F1$/);
});
