// "Waiting for you" in a real browser (docs/decisions/0049-what-waits-for-a-customer.md): a customer
// with two estimates sent finds both at the top of the dashboard, which opens on Jobs with ?tab=jobs;
// they follow the first, sign it and pay its deposit with the demo card, and the dashboard then shows
// only the second. A tab chosen stays in the address through a reload; at 360 px nothing scrolls sideways.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Estimate } from "@common/contract/estimates";
import type { Job } from "@common/contract/jobs";
import { expectNoHorizontalOverflow } from "./admin-jobs";
import { payWithDemoCard } from "./billing";
import { expect, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";

const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** The admin sends the job an estimate of one line, with a 30 % deposit and no option: the estimate as answered. */
async function sendEstimate(admin: APIRequestContext, jobId: number, line: { description: string; quantity: number; unitPrice: number }): Promise<Estimate> {
  const response = await admin.post("/api/admin/estimates", {
    data: { jobId, lines: [{ ...line, unit: "acre" }], discount: 0, deposit: { percent: 30 }, validUntil: IN_A_MONTH, note: "" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Estimate }).data;
}

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name });

test("what waits leads the dashboard: an estimate answered and its deposit paid from there, the next one left, the tab kept in the address", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  test.setTimeout(180_000);
  const customer = await newCustomer({ firstName: "Bessie", lastName: "Coleman" });
  const ref = uniqueId();
  const first = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description: `North roof, ref ${ref}`, budget: "", timeline: "" });
  const second = await requestQuoteViaApi(page.request, customer, {
    serviceType: "agriculture",
    description: `East field, ref ${ref}`,
    budget: "",
    timeline: "",
  });
  const jobs = ((await (await page.request.get("/api/jobs")).json()) as { data: Job[] }).data;
  const jobOf = (quoteId: number) => jobs.find((job) => job.quoteId === quoteId)!;

  // 40 acres at $45.00 with 8.25 % tax (e2e/serve.mjs): $1,948.50, a deposit of $584.55.
  const answered = await sendEstimate(admin.request, jobOf(first).id, { description: "Thermal inspection", quantity: 40, unitPrice: 4_500 });
  const next = await sendEstimate(admin.request, jobOf(second).id, { description: "NDVI survey", quantity: 10, unitPrice: 2_000 });

  // The dashboard opens on Jobs, says so in its address, and puts both estimates first.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\?tab=jobs$/);
  await expect(tab(page, "Jobs")).toHaveAttribute("aria-selected", "true");
  const waiting = page.getByRole("region", { name: "Waiting for you" });
  await expect(waiting.getByRole("listitem")).toHaveCount(2);
  const item = waiting.getByRole("listitem").filter({ hasText: answered.jobTitle });
  await expect(item.getByText(`Estimate #${answered.number} is waiting for your answer.`)).toBeVisible();
  await expect(item.getByText(/^Total \$1,948\.50 · valid until /)).toBeVisible();
  expect(await severeViolations(page), "serious or critical axe violations on the dashboard with what waits").toBe("");

  // Three clicks from the dashboard to a paid deposit: the item's link, Accept and pay deposit, Pay.
  await item.getByRole("link", { name: /^Answer the estimate/ }).click();
  await expect(page).toHaveURL(`/dashboard/estimates/${answered.id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Estimate #${answered.number}\\b`) })).toBeVisible();
  await page.getByLabel("Your full name").fill("Bessie Coleman");
  await page.getByRole("button", { name: "Accept and pay deposit" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?.*estimate=${answered.id}`));
  await payWithDemoCard(page, "$584.55");
  await expect(page).toHaveURL(`/dashboard/estimates/${answered.id}`);

  // Back on the dashboard the answered estimate is gone, its deposit paid; the other one waits.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\?tab=jobs$/);
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  await expect(waiting.getByRole("listitem").first()).toContainText(`Estimate #${next.number} is waiting for your answer.`);
  await expect(waiting.getByText(answered.jobTitle)).toHaveCount(0);

  // A tab chosen replaces the address and survives a reload.
  await tab(page, "Payments").click();
  await expect(page).toHaveURL(/\/dashboard\?tab=payments$/);
  await page.reload();
  await expect(tab(page, "Payments")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Payments" })).toBeVisible();

  // The job page of the one still waiting leads with that job's item alone.
  await page.goto(`/dashboard/jobs/${next.jobId}`);
  const jobWaiting = page.getByRole("region", { name: "Waiting for you" });
  await expect(jobWaiting.getByRole("listitem")).toHaveCount(1);
  await expect(jobWaiting.getByRole("link", { name: /^Answer the estimate/ })).toHaveAttribute("href", `/dashboard/estimates/${next.id}`);
  expect(await severeViolations(page), "serious or critical axe violations on the job page with what waits").toBe("");

  // On a phone: nothing scrolls sideways, on the dashboard or on the job page.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(jobWaiting).toBeVisible();
  await expectNoHorizontalOverflow(page, "the job page with what waits");
  await page.goto("/dashboard?tab=jobs");
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  await expectNoHorizontalOverflow(page, "the dashboard with what waits");
  expect(await severeViolations(page), "serious or critical axe violations on the dashboard at 360 px").toBe("");
});

test("nothing waits: the dashboard opens on Subscriptions without an empty box", async ({ page, newCustomer }) => {
  await newCustomer();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\?tab=subscriptions$/);
  await expect(tab(page, "Subscriptions")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Waiting for you" })).toHaveCount(0);
});
