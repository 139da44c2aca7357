// Payments and subscriptions on the dashboard and in the back office, with the demo provider that
// e2e/serve.mjs runs (docs/decisions/0009-payments.md): subscribe, cancel, payment history, pay a
// quote, admin Payments.
import { type APIRequestContext, type Locator, type Page, request as apiRequest } from "@playwright/test";
import { cardMessages, DEMO_CARDS } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import {
  ADMIN,
  expect,
  expectToast,
  json,
  logInWithForm,
  registerCustomer,
  requestQuoteViaApi,
  severeViolations,
  signInAsAdmin,
  test,
  uniqueId,
  useTheme,
} from "./fixtures";

const TEST_CARD = { expiry: "12 / 34", cvc: "123" };

interface Service {
  id: number;
  name: string;
  /** Monthly, in cents. */
  price: number;
}

interface Subscription {
  id: number;
  serviceId: number;
  status: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** 24900 → "$249.00", as lists show cents. */
const centsLabel = (cents: number) => usd.format(cents / 100);
/** 24900 → "$249", as the checkout's "Pay $amount" shows whole dollars. */
const dollarsLabel = (cents: number) => `$${(cents / 100).toLocaleString("en-US")}`;

/** The name this file's customers register under. */
const CUSTOMER_NAME = { firstName: "Jacqueline", lastName: "Cochran" };

async function catalogue(request: APIRequestContext): Promise<Service[]> {
  const { data } = await json<{ data: Service[] }>(await request.get("/api/services?active=true"));
  expect(data.length, "the catalogue is seeded").toBeGreaterThan(0);
  return data;
}

async function subscriptionsOf(request: APIRequestContext): Promise<Subscription[]> {
  return (await json<{ data: Subscription[] }>(await request.get("/api/subscriptions"))).data;
}

/** Confirms a demo payment as the checkout's card form does; resolves to the answer's status and message. */
async function confirmDemo(request: APIRequestContext, clientSecret: string, cardNumber: string): Promise<{ status: number; message?: string }> {
  const response = await request.post("/api/demo-payments/confirm", { data: { clientSecret, cardNumber, ...TEST_CARD } });
  return { status: response.status(), message: ((await response.json()) as { message?: string }).message };
}

/** Subscribes through the API, paying with the card that succeeds: the setup of tests about what follows. */
async function subscribeViaApi(request: APIRequestContext, service: Service): Promise<Subscription> {
  const { clientSecret } = await json<{ clientSecret: string }>(await request.post("/api/subscriptions", { data: { serviceId: service.id } }));
  expect(await confirmDemo(request, clientSecret, DEMO_CARDS.success)).toMatchObject({ status: 200 });
  const subscription = (await subscriptionsOf(request)).find((row) => row.serviceId === service.id);
  expect(subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  return subscription!;
}

/** Starts a one-off payment for a service outside the catalogue and confirms it with `cardNumber`. */
async function payViaApi(request: APIRequestContext, service: string, dollars: number, cardNumber: string): Promise<{ status: number; message?: string }> {
  const intent = await json<{ clientSecret: string; amount: number }>(await request.post("/api/create-payment-intent", { data: { service, amount: dollars } }));
  expect(intent.amount).toBe(dollars);
  return confirmDemo(request, intent.clientSecret, cardNumber);
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await expect(page.getByText(/^Welcome,/)).toBeVisible();
}

async function openDashboardTab(page: Page, label: string): Promise<Locator> {
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: label, exact: true }).click();
  const panel = page.getByRole("tabpanel", { name: label, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** The card of a subscription on the Subscriptions tab. */
function subscriptionCard(page: Page, serviceName: string): Locator {
  return page
    .getByRole("region", { name: "Your subscriptions" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: serviceName, exact: true }) });
}

/** Fills the demo card form of /checkout and presses "Pay $amount". */
async function payOnCheckout(page: Page, payLabel: string, cardNumber = "4242 4242 4242 4242"): Promise<void> {
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await expect(page.getByText(paymentMessages.demoNotice)).toBeVisible();
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry date").fill(TEST_CARD.expiry);
  await page.getByLabel("CVC").fill(TEST_CARD.cvc);
  await page.getByRole("button", { name: payLabel, exact: true }).click();
}

function manageDialog(page: Page, serviceName: string): Locator {
  return page.getByRole("dialog", { name: `Manage ${serviceName}` });
}

async function openManageDialog(page: Page, serviceName: string): Promise<Locator> {
  await subscriptionCard(page, serviceName)
    .getByRole("button", { name: `Manage ${serviceName}` })
    .click();
  const dialog = manageDialog(page, serviceName);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The row of a payment in a payments table, found by its description. */
function paymentRow(scope: Locator, description: string): Locator {
  return scope.getByRole("row").filter({ has: scope.page().getByRole("rowheader", { name: description, exact: true }) });
}

test.describe("subscribing", () => {
  test("Subscribe leads through checkout to an active subscription that renews, and the service reads Subscribed, disabled", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    const [service, ...others] = await catalogue(page.request);
    await openDashboard(page);
    const panel = page.getByRole("tabpanel", { name: "Subscriptions" });
    await expect(panel).toContainText("You have no subscriptions yet.");

    await panel.getByRole("button", { name: `Subscribe to ${service!.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?.*subscribe=${service!.id}`));
    await payOnCheckout(page, `Pay ${dollarsLabel(service!.price)}`);
    await expectToast(page, "Payment Successful");
    await expect(page).toHaveURL(/\/dashboard\?tab=subscriptions$/);

    const [stored] = await subscriptionsOf(page.request);
    expect(stored).toMatchObject({ serviceId: service!.id, status: "active", cancelAtPeriodEnd: false });
    const card = subscriptionCard(page, service!.name);
    await expect(card.getByText("active", { exact: true })).toBeVisible();
    await expect(card.getByText(`Renews ${day.format(new Date(stored!.currentPeriodEnd))}`, { exact: true })).toBeVisible();
    await expect(card.getByText("Cancels at period end")).toHaveCount(0);

    const subscribed = panel.getByRole("button", { name: `Subscribed to ${service!.name}` });
    await expect(subscribed).toHaveText("Subscribed");
    await expect(subscribed).toBeDisabled();
    for (const other of others) await expect(panel.getByRole("button", { name: `Subscribe to ${other.name}` })).toBeEnabled();

    // Stored, not just drawn: a reload shows the same.
    await page.reload();
    await expect(subscriptionCard(page, service!.name).getByText("active", { exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: `Subscribed to ${service!.name}` })).toBeDisabled();
  });

  test("Manage cancels at the end of the period, which then reads Ends; Resume brings back Renews", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    const [service] = await catalogue(page.request);
    const subscription = await subscribeViaApi(page.request, service!);
    const periodEnd = day.format(new Date(subscription.currentPeriodEnd));
    await openDashboard(page);
    const card = subscriptionCard(page, service!.name);
    await expect(card.getByText(`Renews ${periodEnd}`, { exact: true })).toBeVisible();

    let dialog = await openManageDialog(page, service!.name);
    await expect(dialog).toContainText(paymentMessages.demoNotice);
    await expect(dialog.getByText("active", { exact: true })).toBeVisible();
    await expect(dialog).toContainText(`Renews ${periodEnd}`);
    await dialog.getByRole("button", { name: "Cancel at period end" }).click();
    await expectToast(page, "Subscription updated", "Your subscription will end at the close of this period");
    await expect(dialog).toBeHidden();
    await expect(card.getByText("Cancels at period end", { exact: true })).toBeVisible();
    await expect(card.getByText(`Ends ${periodEnd}`, { exact: true })).toBeVisible();
    await expect(card).not.toContainText("Renews");
    // The customer keeps the service until the period ends.
    await expect(page.getByRole("button", { name: `Subscribed to ${service!.name}` })).toBeDisabled();
    expect((await subscriptionsOf(page.request))[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    await page.reload();
    await expect(card.getByText(`Ends ${periodEnd}`, { exact: true })).toBeVisible();
    dialog = await openManageDialog(page, service!.name);
    await expect(dialog.getByText("Cancels at period end", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel at period end" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Resume subscription" }).click();
    await expectToast(page, "Subscription updated", "Your subscription will renew");
    await expect(dialog).toBeHidden();
    await expect(card.getByText(`Renews ${periodEnd}`, { exact: true })).toBeVisible();
    await expect(card.getByText("Cancels at period end")).toHaveCount(0);
    expect((await subscriptionsOf(page.request))[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  });
});

test.describe("payment history", () => {
  test("the Payments tab lists a subscription's payment as Succeeded and a declined one as Failed with the decline message", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    await openDashboard(page);
    let panel = await openDashboardTab(page, "Payments");
    await expect(panel).toContainText("No payments yet.");

    const [service] = await catalogue(page.request);
    await subscribeViaApi(page.request, service!);
    const custom = `Roof survey, ref ${uniqueId()}`;
    expect(await payViaApi(page.request, custom, 120, DEMO_CARDS.declined)).toEqual({ status: 402, message: cardMessages.declined });

    await page.reload();
    panel = await openDashboardTab(page, "Payments");
    const table = panel.getByRole("table", { name: "Your payments, newest first" });
    await expect(table.getByRole("columnheader")).toHaveText(["Date", "Description", "Amount", "Status"]);
    const succeeded = paymentRow(table, service!.name);
    await expect(succeeded.getByText("Succeeded", { exact: true })).toBeVisible();
    await expect(succeeded).toContainText(centsLabel(service!.price));
    const failed = paymentRow(table, custom);
    await expect(failed.getByText("Failed", { exact: true })).toBeVisible();
    await expect(failed.getByText(cardMessages.declined, { exact: true })).toBeVisible();
    await expect(failed).toContainText("$120.00");
    // Newest first: the declined payment came second.
    // innerText: on a phone the date joins the description, hidden here.
    await expect(table.getByRole("rowheader")).toHaveText([custom, service!.name], { useInnerText: true });
  });
});

test.describe("paying a quote", () => {
  test("an accepted quote with a price shows Pay in My Quotes, which pays it through checkout and then reads Paid", async ({ page, baseURL, newCustomer }) => {
    const customer = await newCustomer(CUSTOMER_NAME);
    const description = `Thermal survey of a 2 MW array, ref ${uniqueId()}`;
    await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description, budget: "$1,000 - $2,000", timeline: "Next month" });
    const quotes = (await json<{ data: { id: number; description: string }[] }>(await page.request.get("/api/quotes"))).data;
    const quote = quotes.find((row) => row.description === description);
    expect(quote).toBeDefined();

    const admin = await apiRequest.newContext({ baseURL });
    try {
      await signInAsAdmin(admin);
      await json(await admin.patch(`/api/admin/quotes/${quote!.id}`, { data: { status: "accepted", price: 150_000 } }));
    } finally {
      await admin.dispose();
    }

    await openDashboard(page);
    let myQuotes = await openDashboardTab(page, "My Quotes");
    let card = myQuotes.getByRole("listitem").filter({ hasText: description });
    await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
    const pay = card.getByRole("link", { name: /^Pay \$1,500\.00/ });
    await expect(pay).toHaveText("Pay $1,500.00 for Solar Inspections");
    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?.*quote=${quote!.id}`));
    // The server names what is charged: the quote, at its accepted price.
    await expect(page.getByText(`Solar Inspections (quote #${quote!.id})`, { exact: true })).toBeVisible();
    await payOnCheckout(page, "Pay $1,500");
    await expectToast(page, "Payment Successful");
    await expect(page).toHaveURL(/\/dashboard\?tab=quotes$/);

    myQuotes = page.getByRole("tabpanel", { name: "My Quotes", exact: true });
    card = myQuotes.getByRole("listitem").filter({ hasText: description });
    await expect(card.getByText("Paid", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Pay / })).toHaveCount(0);
    await page.reload();
    myQuotes = await openDashboardTab(page, "My Quotes");
    await expect(myQuotes.getByRole("listitem").filter({ hasText: description }).getByText("Paid", { exact: true })).toBeVisible();
  });
});

test.describe("back office", () => {
  test("the admin Payments tab lists a customer's payments with their username, email, service, amount and status", async ({ page, request }) => {
    const customer = await registerCustomer(request, CUSTOMER_NAME);
    const paid = `Site survey, ref ${uniqueId()}`;
    const declined = `Night filming, ref ${uniqueId()}`;
    expect(await payViaApi(request, paid, 340, DEMO_CARDS.success)).toMatchObject({ status: 200 });
    expect(await payViaApi(request, declined, 95, DEMO_CARDS.declined)).toEqual({ status: 402, message: cardMessages.declined });

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await logInWithForm(page, ADMIN);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
    await page.getByRole("link", { name: "Admin dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab", { name: "Payments" }).click();
    const panel = page.getByRole("tabpanel", { name: "Payments" });
    const table = panel.getByRole("table", { name: "Payments of every customer, newest first" });
    await expect(table.getByRole("columnheader")).toHaveText(["Date", "Customer", "Service", "Amount", "Status", "Refunded", "Actions"]);

    const paidRow = paymentRow(table, paid);
    await expect(paidRow).toContainText(customer.username);
    await expect(paidRow.getByRole("link", { name: customer.email })).toHaveAttribute("href", `mailto:${customer.email}`);
    await expect(paidRow).toContainText("$340.00");
    await expect(paidRow.getByText("Succeeded", { exact: true })).toBeVisible();
    const declinedRow = paymentRow(table, declined);
    await expect(declinedRow).toContainText(customer.username);
    await expect(declinedRow).toContainText("$95.00");
    await expect(declinedRow.getByText("Failed", { exact: true })).toBeVisible();
    await expect(declinedRow).toContainText(cardMessages.declined);

    // Customers never see it: the endpoint is for admins only.
    expect((await request.get("/api/admin/payments")).status()).toBe(403);
  });
});

for (const theme of ["dark", "light"] as const) {
  test(`axe finds no serious or critical violation on the Payments tab, a cancelled subscription and its manage dialog (${theme} theme)`, async ({
    page,
    newCustomer,
  }) => {
    await useTheme(page, theme);
    await newCustomer(CUSTOMER_NAME);
    const [service] = await catalogue(page.request);
    const subscription = await subscribeViaApi(page.request, service!);
    await json(await page.request.patch(`/api/subscriptions/${subscription.id}`, { data: { cancelAtPeriodEnd: true } }));
    expect(await payViaApi(page.request, `Roof survey, ref ${uniqueId()}`, 80, DEMO_CARDS.declined)).toMatchObject({ status: 402 });

    await openDashboard(page);
    await expect(page.getByText("Cancels at period end", { exact: true })).toBeVisible();
    expect(await severeViolations(page), "Subscriptions tab: serious or critical axe violations (id, impact: target [why])").toBe("");

    const dialog = await openManageDialog(page, service!.name);
    await expect(dialog.getByRole("button", { name: "Resume subscription" })).toBeVisible();
    expect(await severeViolations(page, "[role=dialog]"), "manage dialog: serious or critical axe violations").toBe("");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const panel = await openDashboardTab(page, "Payments");
    await expect(panel.getByText("Failed", { exact: true })).toBeVisible();
    expect(await severeViolations(page), "Payments tab: serious or critical axe violations (id, impact: target [why])").toBe("");
  });
}
