// One story for every job (docs/decisions/0047-a-jobs-amounts.md, 0046, 0048): a customer and the
// owner walk a whole job in real browsers, and at each step every screen that shows the job's state,
// its money or its findings says the same thing: the customer's dashboard (Jobs, My Quotes, Payments),
// the job page, the estimate page, the back office's job page, customer page and Processed tab, the
// share page, the PDFs read back with pdftotext, and the mails.
//
// The run's tax rate is 8.25 % (e2e/serve.mjs), so the figures are those of e2e/quote-to-cash.spec.ts:
// as sent the estimate totals $1,948.50 with a 30 % deposit of $584.55; with its option ticked,
// $2,327.38 with a deposit of $698.21, leaving $1,629.17.
import type { Browser, Locator, Page } from "@playwright/test";
import type { Invoice } from "@common/contract/invoices";
import type { Job } from "@common/contract/jobs";
import { textOf } from "../server/pdf/testing/poppler";
import { act, expectJobState, fillWindow, openBackOffice, openJob } from "./admin-jobs";
import { fillJourneyEstimate, journeyTest, payWithDemoCard, pdfText } from "./billing";
import { expect, requestQuoteViaApi, test, uniqueId } from "./fixtures";
import { mailAttachmentBytes, mailText, waitForMail } from "./mailbox";

/** The address e2e/serve.mjs gives the run's administrator (ADMIN_EMAIL). */
const ADMIN_EMAIL = "e2e-admin@example.com";
/** The title a solar quote request gives its job. */
const TITLE = "Solar Inspections";

/** What every screen must say alike at one step of the journey. */
interface Story {
  /** The job's state label (its badge, on both sides). */
  state: string;
  /** The request's stage (My Quotes, the back office's Processed tab). */
  stage: string;
  /** The quote's price on its cards, or none shown. */
  price: string | null;
  /** The job's amounts list, term by term, or none shown. */
  amounts: Record<string, string> | null;
}

/** The figures of an accepted estimate with its option chosen. */
const ACCEPTED = { "Accepted total": "$2,327.38", Deposit: "$698.21" };

/** The one value a definition list in `container` gives `term`, or none when `value` is null. */
async function expectDetail(container: Locator, term: string, value: string | null): Promise<void> {
  const dd = container
    .locator("dl > div")
    .filter({ has: container.page().locator("dt").getByText(term, { exact: true }) })
    .locator("dd");
  if (value === null) await expect(dd).toHaveCount(0);
  else await expect(dd).toHaveText(value);
}

/** The job's amounts list in `container` (the first list with an Accepted total): its terms and values in order, or none. */
async function expectAmounts(container: Locator, amounts: Story["amounts"]): Promise<void> {
  const list = container
    .locator("dl")
    .filter({ has: container.page().locator("dt").getByText("Accepted total", { exact: true }) })
    .first();
  if (amounts === null) {
    await expect(list).toHaveCount(0);
    return;
  }
  await expect(list.locator("dt")).toHaveText(Object.keys(amounts));
  await expect(list.locator("dd")).toHaveText(Object.values(amounts));
}

/** An invoice's row in the table of invoices in `container`: its total, paid and balance. */
async function expectInvoiceRow(container: Locator, number: string, [total, paid, balance]: [string, string, string]): Promise<void> {
  const table = container.getByRole("table").filter({ has: container.page().getByRole("columnheader", { name: "Balance" }) });
  const row = table.getByRole("row").filter({ hasText: number });
  await expect(row).toHaveCount(1);
  for (const amount of [total, paid, balance]) await expect(row).toContainText(amount);
}

/** Opens one of the customer's dashboard tabs and returns its panel. */
async function dashboardTab(page: Page, name: string): Promise<Locator> {
  await page.goto("/dashboard");
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name, exact: true }).click();
  const panel = page.getByRole("tabpanel", { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** The customer's Jobs tab, My Quotes tab and job page tell `story`. */
async function expectCustomerStory(page: Page, jobId: number, request: string, story: Story): Promise<void> {
  const jobs = await dashboardTab(page, "Jobs");
  await expect(jobs.getByRole("listitem").filter({ hasText: TITLE }).getByText(story.state, { exact: true })).toBeVisible();

  const quotes = await dashboardTab(page, "My Quotes");
  const card = quotes.getByRole("listitem").filter({ hasText: request });
  await expect(card.getByText(story.stage, { exact: true })).toBeVisible();
  await expectDetail(card, "Quoted price", story.price);

  await page.goto(`/dashboard/jobs/${jobId}`);
  const heading = page.getByRole("heading", { level: 1, name: TITLE });
  await expect(heading.locator("xpath=..").getByText(story.state, { exact: true })).toBeVisible();
  const payments = page.getByRole("region", { name: "Payments", exact: true });
  await expect(payments).toBeVisible();
  await expectAmounts(payments, story.amounts);
}

/** The back office's job page, customer page and Processed tab tell `story`; leaves the job page open. */
async function expectOwnerStory(adminPage: Page, customerId: number, request: string, story: Story): Promise<Locator> {
  const processed = await openBackOffice(adminPage, "Processed");
  await processed.getByRole("searchbox").fill(request.split(" ").at(-1)!);
  const card = processed.getByRole("listitem").filter({ hasText: request });
  await expect(card.getByText(story.stage, { exact: true })).toBeVisible();
  await expectDetail(card, "Price (USD)", story.price);

  await adminPage.goto(`/admin-dashboard/customers/${customerId}`);
  const quote = adminPage.getByRole("region", { name: "Quotes", exact: true }).getByRole("listitem").filter({ hasText: request });
  await expect(quote.getByText(story.stage, { exact: true })).toBeVisible();
  const row = adminPage
    .getByRole("region", { name: "Jobs", exact: true })
    .getByRole("listitem")
    .filter({ has: adminPage.getByRole("link", { name: TITLE, exact: true }) });
  await expect(row.getByText(story.state, { exact: true })).toBeVisible();
  await expectAmounts(row, story.amounts);

  await row.getByRole("link", { name: TITLE, exact: true }).click();
  const job = adminPage.getByRole("region", { name: TITLE, exact: true });
  await expectJobState(job, story.state);
  const billing = adminPage.getByRole("region", { name: "Billing" });
  await expectAmounts(billing, story.amounts);
  // The estimate's own details, under the amounts, give the same accepted total.
  if (story.amounts)
    await expect(
      billing
        .locator("dl > div")
        .filter({ has: adminPage.locator("dt").getByText("Accepted total", { exact: true }) })
        .locator("dd"),
    ).toHaveText([story.amounts["Accepted total"]!, story.amounts["Accepted total"]!]);
  return job;
}

/** Both sides tell `story`. */
async function expectOneStory(page: Page, adminPage: Page, ids: { jobId: number; customerId: number }, request: string, story: Story): Promise<Locator> {
  await expectCustomerStory(page, ids.jobId, request, story);
  return expectOwnerStory(adminPage, ids.customerId, request, story);
}

/** The admin sends the estimate: a required line, an optional one, a 30 % deposit. */
async function sendEstimate(adminPage: Page, request: string): Promise<void> {
  const quotes = await openBackOffice(adminPage, "Quotes");
  await quotes
    .getByRole("listitem")
    .filter({ hasText: request })
    .getByRole("button", { name: /^Send estimate/ })
    .click();
  const builder = adminPage.getByRole("dialog", { name: "Send estimate" });
  await fillJourneyEstimate(builder);
  await builder.getByRole("button", { name: "Send estimate" }).click();
  await expect(builder).toBeHidden();
}

/** Three candidates by hand, as detection would propose them: two accepted (opened), one dismissed. Resolves to the dismissed one's locator. */
async function recordFindings(admin: Page, jobId: number): Promise<string> {
  const decided = ["open", "open", "dismissed"] as const;
  for (const [index, status] of decided.entries()) {
    const created = await admin.request.post(`/api/admin/jobs/${jobId}/findings`, {
      data: {
        class: "hot_spot",
        severity: "moderate",
        status: "candidate",
        lat: 31.98 + index / 10_000,
        lon: -97.6,
        locator: `Block ${"ABC"[index]} / row ${index + 1}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const moved = await admin.request.patch(`/api/admin/findings/${id}`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return "Block C / row 3";
}

/** The customer's job page and Jobs tab count two open findings, and list two; the dismissed one nowhere. */
async function expectCustomerFindings(page: Page, jobId: number, dismissed: string): Promise<void> {
  const jobs = await dashboardTab(page, "Jobs");
  await expect(jobs.getByRole("list", { name: `Findings of ${TITLE} by state` }).getByRole("listitem")).toHaveText(["2 open"]);
  await page.goto(`/dashboard/jobs/${jobId}`);
  await expect(page.getByRole("list", { name: "Findings by state" }).getByRole("listitem")).toHaveText(["2 open"]);
  const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Locator" }) });
  await expect(table.getByRole("rowheader")).toHaveCount(2);
  await expect(table).not.toContainText(dismissed);
}

/** A new link to the job, without a PIN, opened by someone without an account: its report says how many findings it was made from. */
async function expectSharedFindings(browser: Browser, page: Page, jobId: number, report: string): Promise<void> {
  const created = await page.request.post(`/api/jobs/${jobId}/share-links`, {
    data: { expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), allowDownload: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = ((await created.json()) as { data: { url: string } }).data;
  const visitor = await browser.newContext();
  try {
    const shared = await visitor.newPage();
    await shared.goto(url);
    const reports = shared.getByRole("region", { name: "Reports" });
    await expect(reports.getByRole("listitem").filter({ hasText: report })).toContainText("Generated from 2 findings.");
  } finally {
    await visitor.close();
  }
}

journeyTest("a job tells one story on every screen, PDF and mail, from the request to the paid invoice", async ({ browser, page, customer, adminPage }) => {
  // Five checkpoints of seven screens each, five PDFs and six mails.
  test.setTimeout(240_000);
  const request = `Thermal survey of a 40 acre array, ref ${uniqueId()}`;
  const quoteId = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description: request });
  const jobs = ((await (await page.request.get("/api/jobs")).json()) as { data: Job[] }).data;
  const jobId = jobs.find((job) => job.quoteId === quoteId)!.id;
  const { id: customerId } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const ids = { jobId, customerId };

  // 1. The estimate is sent: the request waits on it, nothing is priced yet; the mail and its PDF give the figures as sent.
  await sendEstimate(adminPage, request);
  const sent = await waitForMail(customer.email, /Subject: Estimate #\d+/);
  expect(mailText(sent)).toContain(": $1,948.50, valid until");
  expect(mailText(sent)).toContain("A deposit of $584.55 is due when you accept it.");
  const mailedEstimate = await textOf(mailAttachmentBytes(sent, /^estimate-.*\.pdf$/));
  for (const line of ["Total $1,948.50", "Deposit due on acceptance (30%) $584.55"]) expect(mailedEstimate).toContain(line);
  await expectOneStory(page, adminPage, ids, request, { state: "Requested", stage: "Estimate sent", price: null, amounts: null });
  await expect(page.getByRole("region", { name: "Payments", exact: true })).toContainText("No payments for this job yet.");

  // 2. The customer ticks the option, signs and pays the deposit: every screen has the accepted total, the deposit and the balance.
  const estimateId = Number(/\/dashboard\/estimates\/(\d+)/.exec(mailText(sent))![1]);
  await page.goto(`/dashboard/estimates/${estimateId}`);
  await expect(page.getByText("$1,948.50").first()).toBeVisible();
  await page.getByRole("checkbox", { name: /Orthomosaic map of the whole site/ }).check();
  await expect(page.getByText("$2,327.38").first()).toBeVisible();
  await page.getByLabel("Your full name").fill("Jean Batten");
  await page.getByRole("button", { name: "Accept and pay deposit" }).click();
  await payWithDemoCard(page, "$698.21");
  await page.goto(`/dashboard/estimates/${estimateId}`);
  await expect(page.getByText("Deposit of $698.21 paid. Thank you.")).toBeVisible();
  await expect(page.getByText("$2,327.38").first()).toBeVisible();
  const signed = await pdfText(page.request, `/api/estimates/${estimateId}/pdf`);
  for (const line of ["ACCEPTED", "Total $2,327.38"]) expect(signed).toContain(line);
  await waitForMail(ADMIN_EMAIL, customer.email, 'signed "Jean Batten": $2,327.38, deposit $698.21 due.');
  await waitForMail(customer.email, "Subject: Receipt for Deposit", "$698.21", `${TITLE}: total $2,327.38, paid $698.21, balance $1,629.17.`);
  const deposited = { ...ACCEPTED, Paid: "$698.21", Balance: "$1,629.17" };
  let job = await expectOneStory(page, adminPage, ids, request, { state: "Accepted", stage: "Accepted", price: "$2,327.38", amounts: deposited });

  // 3. Scheduled and flown; then three findings proposed, two accepted and one dismissed, and the report made of the two.
  await act(adminPage, job, "Schedule", "Schedule the flight", (dialog) =>
    fillWindow(dialog, { start: "2026-12-10T09:00", end: "2026-12-10T12:00", timeZone: "America/Chicago" }),
  );
  await expectOneStory(page, adminPage, ids, request, { state: "Scheduled", stage: "Scheduled", price: "$2,327.38", amounts: deposited });
  job = await openJob(adminPage, customer.username, TITLE);
  await act(adminPage, job, "Mark flown", "Record the flight", (dialog) => dialog.getByLabel("Flown on").fill("2026-11-10"));
  await expectJobState(job, "Flown");
  const dismissed = await recordFindings(adminPage, jobId);
  await adminPage.reload();
  const reportSection = adminPage.getByRole("region", { name: "Inspection report", exact: true });
  await reportSection.getByRole("button", { name: "Generate inspection report" }).click();
  await expect(reportSection.getByRole("status")).toHaveText("Published v1 (2 findings)", { timeout: 60_000 });
  // The back office keeps the dismissed one in its own list and counts, apart.
  await expect(adminPage.getByRole("list", { name: "Findings by state" }).getByRole("listitem")).toHaveText(["2 open", "1 dismissed"]);

  // 4. Delivered, then invoiced: the findings are two wherever the customer meets them; the invoice, its mail and its PDF carry the job's figures.
  job = adminPage.getByRole("region", { name: TITLE, exact: true });
  await act(adminPage, job, "Mark delivered", "Deliver the job");
  await expectJobState(job, "Delivered");
  await adminPage.getByRole("region", { name: "Billing" }).getByRole("button", { name: "Issue final invoice" }).click();
  const issue = adminPage.getByRole("dialog", { name: /Issue final invoice/ });
  await issue.getByRole("button", { name: "Issue invoice" }).click();
  await expect(issue).toBeHidden();
  const [invoice] = ((await (await page.request.get(`/api/invoices?jobId=${jobId}`)).json()) as { data: Invoice[] }).data;
  const invoiceMail = await waitForMail(customer.email, `Invoice ${invoice!.number}`);
  for (const line of ["Total: $2,327.38", "Paid: $698.21", "Balance due: $1,629.17"]) expect(mailText(invoiceMail)).toContain(line);
  const mailedInvoice = await textOf(mailAttachmentBytes(invoiceMail, /^invoice-.*\.pdf$/));
  for (const amount of ["Total $2,327.38", "$698.21", "$1,629.17"]) expect(mailedInvoice).toContain(amount);
  // Once invoiced, the invoice's total is the job's (docs/decisions/0059-extra-lines-and-credit-notes.md); with nothing added it is the accepted one.
  const { "Accepted total": acceptedTotal, ...rest } = deposited;
  const invoiced = { "Accepted total": acceptedTotal, "Invoice total": "$2,327.38", ...rest };
  await expectOneStory(page, adminPage, ids, request, { state: "Delivered", stage: "Delivered", price: "$2,327.38", amounts: invoiced });
  await expectInvoiceRow(page.getByRole("region", { name: "Invoices" }), invoice!.number, ["$2,327.38", "$698.21", "$1,629.17"]);
  await expectInvoiceRow(await dashboardTab(page, "Payments"), invoice!.number, ["$2,327.38", "$698.21", "$1,629.17"]);

  await expectCustomerFindings(page, jobId, dismissed);
  const reports = ((await (await page.request.get("/api/reports")).json()) as { data: { id: number; jobId: number | null; title: string }[] }).data;
  const report = reports.find((row) => row.jobId === jobId)!;
  const printed = await pdfText(page.request, `/api/reports/${report.id}/file`);
  expect(printed).toMatch(/Findings\s+2\b/);
  expect(printed).not.toContain(dismissed);
  await expectSharedFindings(browser, page, jobId, report.title);

  // 5. The customer pays the balance from the job's page: nothing is left anywhere, and the receipt says so of the job too.
  await page.goto(`/dashboard/jobs/${jobId}`);
  await page.getByRole("region", { name: "Invoices" }).getByRole("link", { name: /^Pay/ }).click();
  await payWithDemoCard(page, "$1,629.17");
  await waitForMail(customer.email, `Subject: Receipt for Invoice ${invoice!.number}: $1,629.17`, `${TITLE}: total $2,327.38, paid $2,327.38, balance $0.00.`);
  const paidUp = { ...invoiced, Paid: "$2,327.38", Balance: "$0.00" };
  await expectOneStory(page, adminPage, ids, request, { state: "Delivered", stage: "Delivered", price: "$2,327.38", amounts: paidUp });
  await expectInvoiceRow(await dashboardTab(page, "Payments"), invoice!.number, ["$2,327.38", "$2,327.38", "$0.00"]);
  const paidInvoice = await pdfText(page.request, `/api/invoices/${invoice!.id}/pdf`);
  for (const line of ["PAID", "Total $2,327.38"]) expect(paidInvoice).toContain(line);
});
