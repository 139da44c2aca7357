// A customer's documents for their job (docs/product.md §2, /dashboard, Reports): Upload New Report
// in the dashboard's Reports tab sends one (a site plan, a drawing) for one of their jobs; it shows
// on the job's page, and the admin downloads the same bytes from the back office's job page.
import { readFile } from "node:fs/promises";
import type { Job } from "@common/contract/jobs";
import { expect, expectToast, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";

/** A small real PDF: the server tells it by its first bytes, not its name. */
const SITE_PLAN = Buffer.from(`%PDF-1.4\n% site plan of the north roof, ${uniqueId()}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

test("a customer sends a PDF from the Reports tab to their job; it shows on the job's page and the admin downloads the same bytes", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const customer = await newCustomer({ firstName: "Grace", lastName: "Hopper" });
  await page.goto("/dashboard");
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Reports" }).click();
  const reports = page.getByRole("tabpanel", { name: "Reports" });

  // No job yet: the dialog says so and points to a quote request, which opens one.
  await reports.getByRole("button", { name: "Upload New Report" }).click();
  let dialog = page.getByRole("dialog", { name: "Send a document" });
  await expect(dialog).toContainText("You have no open job to send documents for");
  await expect(dialog.getByRole("link", { name: "Request a quote" })).toHaveAttribute("href", "/request-quote");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  const description = `Survey of the north roof, ref ${uniqueId()}`;
  const quoteId = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description, budget: "", timeline: "" });
  const jobs = ((await (await page.request.get("/api/jobs")).json()) as { data: Job[] }).data;
  const job = jobs.find((candidate) => candidate.quoteId === quoteId)!;
  expect(job, "the quote request opened a job").toBeDefined();

  await page.reload();
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Reports" }).click();
  await reports.getByRole("button", { name: "Upload New Report" }).click();
  dialog = page.getByRole("dialog", { name: "Send a document" });
  await expect(dialog.getByLabel("Job")).toBeVisible();
  expect(await severeViolations(page, '[role="dialog"]'), "serious or critical axe violations in the dialog").toBe("");

  // Sent without a title: the form says so under the field and keeps the chosen file.
  await dialog.getByLabel("Job").selectOption({ label: job.title });
  await dialog.locator('input[type="file"]').setInputFiles({ name: "north-roof-site-plan.pdf", mimeType: "application/pdf", buffer: SITE_PLAN });
  await dialog.getByRole("button", { name: "Send document" }).click();
  await expect(dialog.getByText("Give the document a title")).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Selected files for Document" })).toContainText("north-roof-site-plan.pdf");

  const title = `North roof site plan ${uniqueId()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Send document" }).click();
  await expectToast(page, "Document sent", title);
  await expect(dialog).toBeHidden();

  await page.goto(`/dashboard/jobs/${job.id}`);
  const yours = page.getByRole("region", { name: "Your documents" });
  await expect(yours.getByRole("listitem").filter({ hasText: title })).toContainText("north-roof-site-plan.pdf");

  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
  const documents = adminPage.getByRole("region", { name: "Documents from the customer" });
  const item = documents.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("north-roof-site-plan.pdf");
  const [download] = await Promise.all([adminPage.waitForEvent("download"), item.getByRole("link", { name: `Download ${title}` }).click()]);
  expect(download.suggestedFilename()).toBe("north-roof-site-plan.pdf");
  expect(Buffer.compare(await readFile((await download.path())!), SITE_PLAN)).toBe(0);
});
