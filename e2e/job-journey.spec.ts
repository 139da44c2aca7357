// The whole journey of a job in a real browser, as a new customer and the business meet it
// (docs/product.md §10): a quote request opens the job, the admin approves, schedules, records the
// flight, uploads the report and a photo to the job, delivers, answers the customer and closes; the
// customer follows it. Each side's mail arrives at the run's SMTP peer (e2e/serve.mjs, e2e/mailbox.ts):
// the request to the business, the approval, the schedule with its .ics, the delivery, and each
// message to the other side with its link back to the job.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import type { Job } from "@common/contract/jobs";
import type { MediaItem } from "@common/contract/media";
import type { Report } from "@common/contract/reports";
import { act, expectJobState, fillWindow, openBackOffice, openJob, readJob } from "./admin-jobs";
import { expect, expectToast, readE2EState, test, uniqueId } from "./fixtures";
import { mailAttachment, mailHeader, mailText, waitForMail } from "./mailbox";

/** The address e2e/serve.mjs gives the run's administrator (ADMIN_EMAIL). */
const ADMIN_EMAIL = "e2e-admin@example.com";

/** The one link a job mail carries back to the job: "Open the job: <url>". */
function jobLinkOf(mail: string): string | undefined {
  return /^Open the job: (\S+)/m.exec(mailText(mail))?.[1];
}

/** A small but real PDF: the server decides a report's type from its bytes. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

async function openMyQuotes(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByText(/^Welcome,/)).toBeVisible();
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "My Quotes", exact: true }).click();
  return page.getByRole("tabpanel", { name: "My Quotes", exact: true });
}

/** The admin reads the customer's message on the job's page and answers it there. */
async function answerCustomer(adminPage: Page, username: string, question: string, answer: string): Promise<void> {
  const job = await openJob(adminPage, username, "Solar Inspections");
  const thread = job.getByRole("region", { name: "Messages" });
  await expect(thread.getByRole("listitem").filter({ hasText: question })).toBeVisible();
  await thread.getByLabel("Your message").fill(answer);
  await thread.getByRole("button", { name: "Send message" }).click();
  await expect(thread.getByRole("listitem").filter({ hasText: answer })).toBeVisible();
}

function png(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#f59e0b" } })
    .png()
    .toBuffer();
}

async function customerMediaTitles(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/media");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: MediaItem[] }).data.map((item) => item.title);
}

async function customerReports(page: Page): Promise<Report[]> {
  const response = await page.request.get("/api/reports");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Report[] }).data;
}

test("a quote request becomes a job the business flies and delivers, and My Quotes ends Completed", async ({
  page,
  baseURL,
  newCustomer,
  adminContext: admin,
}) => {
  const customer = await newCustomer({ firstName: "Jean", lastName: "Batten" });
  const description = `Thermal inspection of a 2 MW ground array, ref ${uniqueId()}`;

  // The customer asks for a quote from the dashboard.
  await page.goto("/dashboard");
  await expect(page.getByText(/^Welcome,/)).toBeVisible();
  await page.getByRole("tab", { name: "Subscriptions" }).click();
  await page.getByRole("button", { name: "Request Custom Quote" }).click();
  const quoteDialog = page.getByRole("dialog", { name: "Request Custom Quote" });
  await quoteDialog.getByLabel("Service type").selectOption("solar");
  await quoteDialog.getByLabel("Project description").fill(description);
  await quoteDialog.getByLabel("Budget").fill("$2,000 - $5,000");
  await quoteDialog.getByLabel("Timeline").fill("Within 2 weeks");
  await quoteDialog.getByRole("button", { name: "Submit Request" }).click();
  await expectToast(page, "Quote request submitted");
  // The business hears of the request by mail.
  await waitForMail(ADMIN_EMAIL, "Subject: New quote request from Jean Batten", description);

  const adminPage = await admin.newPage();

  // The request opened a job, waiting on the quote.
  let job = await openJob(adminPage, customer.username, "Solar Inspections");
  await expectJobState(job, "Requested");

  // The admin approves the quote: its job is accepted.
  const quotes = await openBackOffice(adminPage, "Quotes");
  const card = quotes.getByRole("listitem").filter({ hasText: description });
  await card.getByRole("button", { name: /^Approve/ }).click();
  const approve = adminPage.getByRole("dialog", { name: "Approve quote request" });
  await approve.getByLabel("Price (USD)").fill("2400");
  await approve.getByRole("button", { name: "Approve", exact: true }).click();
  await expectToast(adminPage, "Quote request accepted");
  await waitForMail(customer.email, /Subject: Your .+ quote request is accepted/, "The quoted price is $2,400.00.");

  job = await openJob(adminPage, customer.username, "Solar Inspections");
  await expectJobState(job, "Accepted");
  await act(adminPage, job, "Schedule", "Schedule the flight", (dialog) =>
    fillWindow(dialog, { start: "2026-12-10T09:00", end: "2026-12-10T12:00", timeZone: "Europe/Madrid" }),
  );
  await expectJobState(job, "Scheduled");
  const listed = await admin.request.get(`/api/admin/jobs?q=${encodeURIComponent(customer.username)}`);
  const [{ id: jobId }] = ((await listed.json()) as { data: [Job] }).data;
  const jobUrl = `${baseURL}/dashboard/jobs/${jobId}`;

  // The customer's mail: from the business, the window in the site's time zone, a link back, and
  // the window as a calendar file: 09:00-12:00 in Madrid on Dec 10 is 08:00-11:00 UTC.
  const scheduled = await waitForMail(customer.email, "Subject: Scheduled: Solar Inspections");
  expect(mailHeader(scheduled, "From")).toBe(readE2EState()?.mailFrom);
  expect(mailHeader(scheduled, "To")).toBe(customer.email);
  expect(mailText(scheduled)).toMatch(
    /is scheduled for Thursday, December 10, 2026 at 9:00\sAM to Thursday, December 10, 2026 at 12:00\sPM \(Europe\/Madrid\)/,
  );
  expect(jobLinkOf(scheduled)).toBe(jobUrl);
  const mailedCalendar = mailAttachment(scheduled, `job-${jobId}.ics`);
  expect(mailedCalendar).toContain("BEGIN:VCALENDAR");
  expect(mailedCalendar).toContain(`UID:job-${jobId}@skyvantage`);
  expect(mailedCalendar).toMatch(/^DTSTART:20261210T080000Z\r?$/m);
  expect(mailedCalendar).toMatch(/^DTEND:20261210T110000Z\r?$/m);

  await act(adminPage, job, "Mark flown", "Record the flight", async (dialog) => {
    await dialog.getByLabel("Flown on").fill("2026-11-10");
    await dialog.getByLabel("Aircraft").fill("DJI Matrice 350 RTK");
    await dialog.getByLabel("Irradiance").fill("810 W/m²");
  });
  await expectJobState(job, "Flown");

  // The report and a photo go to the job: held from the customer until the job is delivered.
  const reportTitle = `Thermal report ${uniqueId()}`;
  const photoTitle = `Array overview ${uniqueId()}`;
  const upload = await openBackOffice(adminPage, "Upload");
  const photo = await png();
  const customerId = String((await readJob(admin.request, jobId)).userId);
  const deliverables = [
    { form: "Upload report", title: reportTitle, file: { name: "thermal.pdf", mimeType: "application/pdf", buffer: PDF }, toast: "Report uploaded" },
    { form: "Upload user media", title: photoTitle, file: { name: "overview.png", mimeType: "image/png", buffer: photo }, toast: "Upload Complete" },
  ];
  for (const deliverable of deliverables) {
    const form = upload.getByRole("form", { name: deliverable.form });
    await form.getByLabel("Job").selectOption(String(jobId));
    await expect(form.getByLabel("Customer")).toHaveValue(customerId);
    // A quote's job has no catalogue service: the upload names one, as every upload does.
    await form.getByLabel("Service", { exact: true }).selectOption({ index: 1 });
    await form.getByLabel("Title", { exact: true }).fill(deliverable.title);
    await form.getByLabel("Description", { exact: true }).fill("From the flight of Dec 10");
    await form.locator("input[type=file]").setInputFiles(deliverable.file);
    await form.getByRole("button", { name: deliverable.form === "Upload report" ? "Upload report" : "Upload media" }).click();
    await expectToast(adminPage, deliverable.toast);
  }
  expect((await customerReports(page)).map((report) => report.title)).not.toContain(reportTitle);
  expect(await customerMediaTitles(page)).not.toContain(`${photoTitle} - File 1`);

  job = await openJob(adminPage, customer.username, "Solar Inspections");
  await expect(job.getByRole("region", { name: "Deliverables" })).toContainText(reportTitle);
  await expect(job.getByRole("region", { name: "Deliverables" })).toContainText(`${photoTitle} - File 1`);
  await act(adminPage, job, "Mark delivered", "Deliver the job");
  await expectJobState(job, "Delivered");
  // The customer is told, with the way to the job.
  const deliveredMail = await waitForMail(customer.email, "Subject: Delivered: Solar Inspections");
  expect(jobLinkOf(deliveredMail)).toBe(jobUrl);

  // The customer follows the job from the dashboard: its timeline, the report (now published), and a message thread.
  expect((await customerReports(page)).map((report) => report.title)).toContain(reportTitle);
  expect(await customerMediaTitles(page)).toContain(`${photoTitle} - File 1`);
  await page.goto("/dashboard");
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Jobs" }).click();
  const jobCard = page.getByRole("tabpanel", { name: "Jobs" }).getByRole("listitem").filter({ hasText: "Solar Inspections" });
  await expect(jobCard).toContainText("Delivered");
  await jobCard.getByRole("link", { name: "Solar Inspections" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Solar Inspections" })).toBeVisible();
  await expect(page).toHaveURL(jobUrl);
  const timeline = page.getByRole("region", { name: "Timeline" });
  for (const step of ["Requested", "Accepted", "Scheduled", "Flown", "Delivered"]) {
    await expect(timeline.getByRole("listitem").filter({ hasText: step }).locator("time")).toHaveCount(1);
  }
  await expect(timeline.locator('[aria-current="step"]')).toContainText("Delivered");
  await expect(page.getByRole("region", { name: "Flight window" })).toContainText("Dec 10, 2026");
  // Add to calendar gives the same event as the mail's file.
  const [calendarDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Add to calendar" }).click()]);
  const calendar = readFileSync((await calendarDownload.path()) ?? "", "utf8");
  for (const line of [`UID:job-${jobId}@skyvantage`, "DTSTART:20261210T080000Z", "DTEND:20261210T110000Z"]) expect(calendar).toContain(line);
  const delivered = page.getByRole("region", { name: "Deliverables" });
  await expect(delivered.getByRole("heading", { name: reportTitle })).toBeVisible();
  await expect(delivered).toContainText(`${photoTitle} - File 1`);
  const [download] = await Promise.all([page.waitForEvent("download"), delivered.getByRole("link", { name: `Download ${reportTitle}` }).click()]);
  expect(Buffer.compare(readFileSync((await download.path()) ?? ""), PDF)).toBe(0);
  const [photoDownload] = await Promise.all([page.waitForEvent("download"), delivered.getByRole("link", { name: `Download ${photoTitle} - File 1` }).click()]);
  expect(Buffer.compare(readFileSync((await photoDownload.path()) ?? ""), photo), "the photo's own bytes").toBe(0);

  const messages = page.getByRole("region", { name: "Messages" });
  const question = `Could you also fly the south field? ${uniqueId()}`;
  await messages.getByLabel("Your message").fill(question);
  await messages.getByRole("button", { name: "Send message" }).click();
  await expect(messages.getByRole("listitem").filter({ hasText: question })).toBeVisible();
  // The business receives the message by mail; its link opens the job with the message in its thread.
  const questionMail = await waitForMail(ADMIN_EMAIL, "Subject: New message about Solar Inspections", question);
  expect(mailText(questionMail)).toContain("Jean Batten wrote:");
  const staffLink = jobLinkOf(questionMail) ?? "";
  expect(staffLink.startsWith(`${baseURL}/`) && staffLink.endsWith(`/jobs/${jobId}`), `a link to job ${jobId}: ${staffLink}`).toBe(true);
  await adminPage.goto(staffLink);
  await expect(adminPage.getByRole("region", { name: "Messages" }).getByRole("listitem").filter({ hasText: question })).toBeVisible();
  const answer = `Yes, we will add it to the next visit. ${uniqueId()}`;
  await answerCustomer(adminPage, customer.username, question, answer);
  // The answer reaches the customer by mail, and its link back shows it in the thread.
  const answerMail = await waitForMail(customer.email, "Subject: New message about Solar Inspections", answer);
  await page.goto(jobLinkOf(answerMail) ?? "");
  await expect(page).toHaveURL(jobUrl);
  await expect(page.getByRole("region", { name: "Messages" }).getByRole("listitem").filter({ hasText: answer })).toBeVisible();

  // The admin closes the job: its quote is completed.
  job = await openJob(adminPage, customer.username, "Solar Inspections");
  await act(adminPage, job, "Close job", "Close the job");
  await expectJobState(job, "Closed");

  const myQuotes = await openMyQuotes(page);
  await expect(myQuotes.getByRole("listitem").filter({ hasText: description }).getByText("Completed", { exact: true })).toBeVisible();
});
