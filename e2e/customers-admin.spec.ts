// The back office's Customers and Outbox in the browser (docs/product.md §2): an admin finds a customer by
// what they did, opens their page and their job, changes another account's role, and reads the mail the queue holds.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Job } from "@common/contract/jobs";
import { DEMO_CARDS } from "@common/payments";
import { openBackOffice } from "./admin-jobs";
import { expect, expectToast, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";

/** Two years ahead, so the card never expires during the run. */
const EXPIRY = `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;

/** The admin accepts the quote at `price` cents (its job moves to accepted). */
async function acceptQuote(admin: APIRequestContext, quoteId: number, price: number): Promise<void> {
  const accepted = await admin.patch(`/api/admin/quotes/${quoteId}`, { data: { status: "accepted", price } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** The customer pays the accepted quote with the demo provider's good card, as checkout does. */
async function payQuote(customer: APIRequestContext, quoteId: number): Promise<void> {
  const started = await customer.post("/api/create-payment-intent", { data: { service: "Solar Inspections", quoteId } });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const confirmed = await customer.post("/api/demo-payments/confirm", { data: { clientSecret, cardNumber: DEMO_CARDS.success, expiry: EXPIRY, cvc: "123" } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** The customer's own jobs, as GET /api/jobs answers them. */
async function jobsOf(customer: APIRequestContext): Promise<Job[]> {
  const response = await customer.get("/api/jobs");
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Job[] }).data;
}

type RoleChoice = "Customers" | "Pilots" | "Admins";

/** On the Customers tab: chooses the role and types `search` into the search box. */
async function searchAccounts(panel: Locator, role: RoleChoice, search: string): Promise<void> {
  await panel.getByRole("group", { name: "Accounts by role" }).getByRole("button", { name: role, exact: true }).click();
  await panel.getByRole("searchbox", { name: "Search" }).fill(search);
}

/**
 * Searches, then returns the table's rows once it shows the search's own answer: its caption names
 * the search once typing has paused, and it is busy while the last list stays on screen.
 */
async function findAccounts(panel: Locator, role: RoleChoice, search: string): Promise<Locator> {
  await searchAccounts(panel, role, search);
  const list = panel.getByRole("region", { name: `${role} matching "${search}", the latest active first` });
  await expect(list).toHaveAttribute("aria-busy", "false");
  // The header row left out.
  return list.getByRole("row").filter({ has: panel.page().getByRole("cell") });
}

async function openCustomerPage(page: Page, rows: Locator, name: string): Promise<void> {
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/customers\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
}

/** The value of one of the customer page's figures, by its term. */
const figure = (page: Page, term: string): Locator =>
  page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

test.describe("the back office's Customers", () => {
  test("an admin finds a customer who requested a quote and paid, with their jobs and total paid, and follows their page to the job", async ({
    page,
    newCustomer,
    adminContext: admin,
  }) => {
    const customer = await newCustomer({ firstName: "Grace", lastName: `Hopper ${uniqueId()}` });
    const quoteId = await requestQuoteViaApi(page.request, customer, {
      serviceType: "solar",
      description: `Thermal scan of the east array, ref ${uniqueId()}`,
      budget: "",
      timeline: "",
    });
    await acceptQuote(admin.request, quoteId, 120_000);
    await payQuote(page.request, quoteId);
    const [job] = await jobsOf(page.request);
    expect(job).toEqual(expect.objectContaining({ quoteId, status: "accepted" }));

    const adminPage = await admin.newPage();
    const panel = await openBackOffice(adminPage, "Customers");
    const name = `${customer.firstName} ${customer.lastName}`;
    const rows = await findAccounts(panel, "Customers", customer.username);
    // Name, then e-mail, jobs open / total, total paid and last activity (today).
    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date());
    await expect(rows.getByRole("cell")).toHaveText([customer.email, "1 / 1", "$1,200.00", today]);
    expect(await severeViolations(adminPage), "serious or critical axe violations on the Customers tab").toBe("");

    await openCustomerPage(adminPage, rows, name);
    await expect(figure(adminPage, "Total paid")).toHaveText("$1,200.00");
    await expect(figure(adminPage, "Jobs open / total")).toHaveText("1 / 1");
    await expect(figure(adminPage, "Username")).toHaveText(customer.username);
    await expect(figure(adminPage, "Role")).toHaveText("Customer");

    const jobs = adminPage.getByRole("region", { name: "Jobs", exact: true });
    const jobLink = jobs.getByRole("link", { name: job!.title, exact: true });
    await expect(jobLink).toHaveAttribute("href", `/admin-dashboard/jobs/${job!.id}`);
    await expect(jobs.getByText("Accepted", { exact: true })).toBeVisible();
    const payments = adminPage.getByRole("region", { name: "Payments", exact: true });
    await expect(payments.getByRole("row").filter({ hasText: "$1,200.00" })).toHaveCount(1);
    await expect(payments.getByRole("link", { name: `Job: ${job!.title}` })).toHaveAttribute("href", `/admin-dashboard/jobs/${job!.id}`);
    expect(await severeViolations(adminPage), "serious or critical axe violations on the customer's page").toBe("");

    await jobLink.click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin-dashboard/jobs/${job!.id}$`));
    await expect(adminPage.getByRole("heading", { name: job!.title, exact: true }).first()).toBeVisible();

    // Back from the job, then Back to customers: the dashboard opens on the Customers tab.
    await adminPage.goBack();
    await adminPage.getByRole("link", { name: "Back to customers" }).click();
    await expect(adminPage).toHaveURL(/\/admin-dashboard\?tab=customers$/);
    await expect(adminPage.getByRole("tab", { name: /^Customers/, selected: true })).toBeVisible();
  });

  test("an admin makes another account a pilot and finds them under Pilots; their own account offers no role control", async ({
    newCustomer,
    adminContext: admin,
  }) => {
    const account = await newCustomer({ firstName: "Wilbur", lastName: `Wright ${uniqueId()}` });
    const name = `${account.firstName} ${account.lastName}`;
    const adminPage = await admin.newPage();
    let panel = await openBackOffice(adminPage, "Customers");
    await openCustomerPage(adminPage, await findAccounts(panel, "Customers", account.username), name);

    const role = adminPage.getByRole("combobox", { name: "Role" });
    const save = adminPage.getByRole("button", { name: `Save the role of ${name}` });
    await expect(role).toHaveValue("customer");
    await expect(save).toBeDisabled();
    await role.selectOption({ label: "Pilot" });
    await save.click();
    await expectToast(adminPage, "Role changed", `${account.username} is now a pilot`);
    await expect(figure(adminPage, "Role")).toHaveText("Pilot");
    await expect(save).toBeDisabled();

    await adminPage.getByRole("link", { name: "Back to customers" }).click();
    panel = adminPage.getByRole("tabpanel", { name: /^Customers/ });
    await expect(await findAccounts(panel, "Pilots", account.username)).toHaveCount(1);
    await searchAccounts(panel, "Customers", account.username);
    await expect(panel.getByText(`No customers match "${account.username}".`)).toBeVisible();

    // The admin's own page: the role is shown, never offered (the server refuses it anyway).
    await openCustomerPage(adminPage, await findAccounts(panel, "Admins", "e2e-admin"), "e2e-admin");
    await expect(adminPage.getByText(/^This is your account: another admin can change its role/)).toBeVisible();
    await expect(adminPage.getByRole("combobox", { name: "Role" })).toHaveCount(0);
    await expect(adminPage.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  });
});

test.describe("the development Outbox", () => {
  test("lists the mail a quote request queued for the admins, shows its text on demand, and Refresh brings the next one", async ({
    page,
    newCustomer,
    adminContext: admin,
  }) => {
    const customer = await newCustomer({ firstName: "Bessie", lastName: `Coleman ${uniqueId()}` });
    const description = `Orchard NDVI survey, ref ${uniqueId()}`;
    await requestQuoteViaApi(page.request, customer, { serviceType: "agriculture", description, budget: "", timeline: "" });
    const subject = `New quote request from ${customer.firstName} ${customer.lastName}`;
    const adminPage = await admin.newPage();
    const panel = await openBackOffice(adminPage, "Outbox");
    await expect(panel.getByText(/^The development outbox: every mail the queue holds, newest first\./)).toBeVisible();

    const mail = panel.getByRole("listitem").filter({ has: adminPage.getByRole("heading", { name: subject, exact: true }) });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText("e2e-admin@example.com");
    await expect(mail.getByText(/^(Queued|Sending|Sent|Retrying)$/)).toBeVisible();

    const toggle = mail.getByRole("button", { name: `Show the text of ${subject}` });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(mail.getByText(description)).toBeHidden();
    await toggle.click();
    await expect(mail.getByRole("button", { name: `Hide the text of ${subject}` })).toHaveAttribute("aria-expanded", "true");
    await expect(mail.locator("pre")).toContainText(`From: ${customer.firstName} ${customer.lastName} <${customer.email}>`);
    await expect(mail.locator("pre")).toContainText(description);
    expect(await severeViolations(adminPage), "serious or critical axe violations on the Outbox").toBe("");

    // A mail queued while the tab is open shows after Refresh, above the older one.
    const second = `Vineyard follow-up, ref ${uniqueId()}`;
    await requestQuoteViaApi(page.request, customer, { serviceType: "agriculture", description: second, budget: "", timeline: "" });
    await panel.getByRole("button", { name: "Refresh" }).click();
    await expect(panel.getByRole("listitem").filter({ has: adminPage.getByRole("heading", { name: subject, exact: true }) })).toHaveCount(2);
  });
});
