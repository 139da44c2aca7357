// One-off payments in the browser with the demo provider (docs/product.md §2 /checkout, §4 payment, §8 "Payment Failed"; /payment-success).
import type { APIRequestContext, Page } from "@playwright/test";
import { cardMessages, DEMO_CARDS } from "@common/payments";
import { checkoutHref, paymentMessages } from "@common/checkout";
import { type Account, expect, expectToast, logInWithForm, ON_THE_DASHBOARD, requestQuoteViaApi, severeViolations, test, uniqueId, useTheme } from "./fixtures";

const CUSTOM_75 = checkoutHref({ service: "Custom Service", amount: 75 });

/** Two years ahead, so the card never expires during the run. */
const EXPIRY = `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

interface PaymentRow {
  id: number;
  description: string;
  amount: number;
  status: string;
  failureMessage: string | null;
  quoteId: number | null;
  reference: string;
}

/** The name this file's customers register under. */
const CUSTOMER_NAME = { firstName: "Jacqueline", lastName: "Cochran" };

async function paymentsOf(request: APIRequestContext): Promise<PaymentRow[]> {
  const response = await request.get("/api/payments");
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: PaymentRow[] }).data;
}

/** A quote the page's customer requested and the admin (the adminApi fixture) accepted at `price` cents. */
async function acceptedQuote(page: Page, account: Account, admin: APIRequestContext, price: number): Promise<number> {
  const description = `Thermal survey of a 2 MW array, ref ${uniqueId()}`;
  const quoteId = await requestQuoteViaApi(page.request, account, { serviceType: "solar", description, budget: "", timeline: "" });
  const accepted = await admin.patch(`/api/admin/quotes/${quoteId}`, { data: { status: "accepted", price } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return quoteId;
}

/** Opens a checkout and waits for the card form the server's payment leads to. */
async function openCheckout(page: Page, href: string): Promise<void> {
  await page.goto(href);
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await expect(page.getByText(paymentMessages.demoNotice, { exact: true })).toBeVisible();
}

async function fillCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel("Card number").fill(spaced(cardNumber));
  await page.getByLabel("Expiry date").fill(EXPIRY);
  await page.getByLabel("CVC").fill("123");
}

/** A payment settled through the API as the page's customer: started, then confirmed with this card. */
async function payViaApi(request: APIRequestContext, cardNumber: string): Promise<PaymentRow> {
  const started = await request.post("/api/create-payment-intent", { data: { service: "Custom Service", amount: 75 } });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret, paymentId } = (await started.json()) as { clientSecret: string; paymentId: number };
  await request.post("/api/demo-payments/confirm", { data: { clientSecret, cardNumber, expiry: EXPIRY, cvc: "123" } });
  const payment = (await paymentsOf(request)).find((row) => row.id === paymentId);
  expect(payment).toBeDefined();
  return payment!;
}

test.describe("/checkout", () => {
  test("a visitor is sent to /login and comes back to the same checkout after logging in", async ({ page, newCustomer }) => {
    const account = await newCustomer();
    expect((await page.request.post("/api/logout")).ok()).toBe(true);

    await page.goto("/checkout?service=Custom%20Service&amount=75");
    await expect(page).toHaveURL(/\/login\?next=/);
    await logInWithForm(page, account);

    await expect(page).toHaveURL(/\/checkout\?service=Custom%20Service&amount=75$/);
    await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay $75" })).toBeVisible();
  });

  test("pays with 4242 4242 4242 4242: Payment Successful, back home, recorded as succeeded, Stripe never loaded", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    const stripeRequests: string[] = [];
    page.on("request", (request) => {
      if (/stripe/i.test(request.url())) stripeRequests.push(request.url());
    });

    await page.goto(CUSTOM_75);
    await expect(page.getByText("Setting up secure payment...").or(page.getByRole("heading", { name: "Complete Your Payment" }))).toBeVisible();
    await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
    await expect(page.getByText(paymentMessages.demoNotice, { exact: true })).toBeVisible();
    await expect(page.getByText("Custom Service", { exact: true })).toBeVisible();
    await expect(page.getByText("$75", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Expiry date")).toHaveAttribute("placeholder", "MM / YY");
    await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");

    await fillCard(page, DEMO_CARDS.success);
    await page.getByRole("button", { name: "Pay $75" }).click();
    await expectToast(page, "Payment Successful");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();

    expect(await paymentsOf(page.request)).toEqual([expect.objectContaining({ description: "Custom Service", amount: 7500, status: "succeeded" })]);
    expect(stripeRequests, "the demo checkout loads nothing of Stripe").toEqual([]);
  });

  test("4000 0000 0000 0002 is declined with the provider's message, keeps the card, and a retry with 4242… succeeds", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    await openCheckout(page, CUSTOM_75);

    await fillCard(page, DEMO_CARDS.declined);
    await page.getByRole("button", { name: "Pay $75" }).click();
    await expectToast(page, "Payment Failed", cardMessages.declined);
    await expect(page.getByRole("form", { name: "Card details" }).getByRole("alert")).toHaveText(cardMessages.declined);
    await expect(page.getByLabel("Card number")).toHaveValue(spaced(DEMO_CARDS.declined));
    await expect(page.getByLabel("Expiry date")).toHaveValue(EXPIRY);
    await expect(page.getByLabel("CVC")).toHaveValue("123");
    await expect(page).toHaveURL(/\/checkout\?/);
    expect(await paymentsOf(page.request)).toEqual([expect.objectContaining({ status: "failed", failureMessage: cardMessages.declined })]);

    await page.getByLabel("Card number").fill(spaced(DEMO_CARDS.success));
    await page.getByRole("button", { name: "Pay $75" }).click();
    await expectToast(page, "Payment Successful");
    await expect(page).toHaveURL(/\/$/);
    // The retry settled the same payment: one visit, one payment.
    expect(await paymentsOf(page.request)).toEqual([expect.objectContaining({ amount: 7500, status: "succeeded", failureMessage: null })]);
  });

  test("checks the card before sending it, in Stripe's words", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    await openCheckout(page, CUSTOM_75);
    await page.getByLabel("Card number").fill("4242 4242 4242 4241");
    await page.getByRole("button", { name: "Pay $75" }).click();
    await expect(page.locator("#card-number-error")).toHaveText(cardMessages.numberInvalid);
    await expect(page.locator("#card-expiry-error")).toHaveText(cardMessages.expiryIncomplete);
    await expect(page.locator("#card-cvc-error")).toHaveText(cardMessages.cvcIncomplete);
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    // Nothing was sent to the provider: no payment to list.
    expect(await paymentsOf(page.request)).toEqual([]);
  });

  for (const amount of ["12.5", "0"]) {
    test(`amount=${amount} shows the server's message and a way back, not a card form`, async ({ page, newCustomer }) => {
      await newCustomer(CUSTOMER_NAME);
      await page.goto(`/checkout?service=Custom%20Service&amount=${amount}`);
      await expect(page.getByRole("alert")).toHaveText(paymentMessages.amount);
      await expect(page.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
      await expect(page.getByLabel("Card number")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
      expect(await paymentsOf(page.request)).toEqual([]);
    });
  }

  test("pays an accepted quote at the price the admin set, not the amount in the address", async ({ page, newCustomer, adminApi }) => {
    const account = await newCustomer(CUSTOMER_NAME);
    const quoteId = await acceptedQuote(page, account, adminApi, 123_400);

    await openCheckout(page, checkoutHref({ service: "Solar Inspections", amount: 1, quoteId }));
    await expect(page.getByText(`Solar Inspections (quote #${quoteId})`, { exact: true })).toBeVisible();
    await expect(page.getByText("$1,234", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay $1", exact: true })).toHaveCount(0);
    await fillCard(page, DEMO_CARDS.success);
    await page.getByRole("button", { name: "Pay $1,234" }).click();
    await expectToast(page, "Payment Successful");
    await expect(page).toHaveURL(ON_THE_DASHBOARD);
    await expect(page.getByText(/^Welcome,/)).toBeVisible();

    expect(await paymentsOf(page.request)).toEqual([expect.objectContaining({ quoteId, amount: 123_400, status: "succeeded" })]);
    // Paid once: a second checkout of the same quote is refused with the server's reason.
    await page.goto(checkoutHref({ service: "Solar Inspections", amount: 1, quoteId }));
    await expect(page.getByRole("alert")).toHaveText(paymentMessages.quotePaid);
  });

  test("two tabs on one quote's checkout, Pay pressed in both: the second is refused and the quote is paid once", async ({ page, newCustomer, adminApi }) => {
    const account = await newCustomer(CUSTOMER_NAME);
    const quoteId = await acceptedQuote(page, account, adminApi, 50_000);
    const href = checkoutHref({ service: "Solar Inspections", amount: 500, quoteId });
    const secondTab = await page.context().newPage();
    await openCheckout(page, href);
    await openCheckout(secondTab, href);
    await fillCard(page, DEMO_CARDS.success);
    await fillCard(secondTab, DEMO_CARDS.success);

    await page.getByRole("button", { name: "Pay $500" }).click();
    await expectToast(page, "Payment Successful");
    await secondTab.getByRole("button", { name: "Pay $500" }).click();
    await expectToast(secondTab, "Payment Failed", paymentMessages.paymentDone);
    await expect(secondTab.getByRole("form", { name: "Card details" }).getByRole("alert")).toHaveText(paymentMessages.paymentDone);

    expect(await paymentsOf(page.request)).toEqual([expect.objectContaining({ quoteId, amount: 50_000, status: "succeeded" })]);
    await secondTab.close();
  });

  test("visiting checkout and leaving adds nothing to the Payments tab, nor to the admins' list", async ({ page, newCustomer, adminApi: admin }) => {
    const account = await newCustomer(CUSTOMER_NAME);
    await openCheckout(page, CUSTOM_75);
    await openCheckout(page, checkoutHref({ service: "Custom Service", amount: 90 }));

    await page.goto("/dashboard");
    await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Payments", exact: true }).click();
    await expect(page.getByRole("tabpanel", { name: "Payments", exact: true }).getByText(/^No payments yet\./)).toBeVisible();
    expect(await paymentsOf(page.request)).toEqual([]);

    const all = ((await (await admin.get("/api/admin/payments")).json()) as { data: { customerName: string }[] }).data;
    expect(all.filter((payment) => payment.customerName === account.username)).toEqual([]);
  });

  test("subscribe= charges the catalogue's monthly price, says it renews monthly, and lands on the dashboard", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    const catalogue = await page.request.get("/api/services?active=true");
    const [service] = ((await catalogue.json()) as { data: { id: number; name: string; price: number }[] }).data;
    expect(service, "the catalogue is seeded").toBeDefined();
    const dollars = `$${(service!.price / 100).toLocaleString("en-US")}`;

    await openCheckout(page, checkoutHref({ service: service!.name, amount: 1, subscribeServiceId: service!.id }));
    await expect(page.getByText(service!.name, { exact: true })).toBeVisible();
    await expect(page.getByText(dollars, { exact: true })).toBeVisible();
    await expect(page.getByText(/renews monthly/)).toBeVisible();
    await fillCard(page, DEMO_CARDS.success);
    await page.getByRole("button", { name: `Pay ${dollars}` }).click();
    await expectToast(page, "Payment Successful");
    await expect(page).toHaveURL(ON_THE_DASHBOARD);

    const subscriptions = await page.request.get("/api/subscriptions");
    expect(((await subscriptions.json()) as { data: unknown[] }).data).toEqual([expect.objectContaining({ serviceId: service!.id, status: "active" })]);
  });
});

test.describe("/payment-success", () => {
  test("shows the recorded outcome of the payment the redirect names", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    const paid = await payViaApi(page.request, DEMO_CARDS.success);
    const declined = await payViaApi(page.request, DEMO_CARDS.declined);
    expect([paid.status, declined.status]).toEqual(["succeeded", "failed"]);

    await page.goto(`/payment-success?payment_intent=${paid.reference}&payment_intent_client_secret=x&redirect_status=succeeded`);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
    await expect(page.getByText("Custom Service", { exact: true })).toBeVisible();
    await expect(page.getByText("$75.00", { exact: true })).toBeVisible();

    // Our record, not the redirect, has the last word.
    await page.goto(`/payment-success?payment_intent=${declined.reference}&redirect_status=succeeded`);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(cardMessages.declined);
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", CUSTOM_75);

    // A payment we do not (yet) know: the redirect's word.
    await page.goto("/payment-success?payment_intent=pi_unknown&redirect_status=processing");
    await expect(page.getByRole("heading", { level: 1, name: "Payment processing" })).toBeVisible();

    await page.goto("/payment-success");
    await expect(page.getByRole("heading", { level: 1, name: "No payment to show" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  test("a visitor is sent to /login first", async ({ page }) => {
    await page.goto("/payment-success?payment_intent=pi_x&redirect_status=succeeded");
    await expect(page).toHaveURL(/\/login\?next=/);
  });
});

test.describe("accessibility", () => {
  for (const theme of ["dark", "light"] as const) {
    test(`axe finds no serious or critical violation on /checkout and /payment-success (${theme} theme)`, async ({ page, newCustomer }) => {
      await useTheme(page, theme);
      await newCustomer(CUSTOMER_NAME);
      const paid = await payViaApi(page.request, DEMO_CARDS.success);

      await openCheckout(page, CUSTOM_75);
      // Field errors and the failure notice are part of the screen too.
      await fillCard(page, DEMO_CARDS.declined);
      await page.getByLabel("CVC").fill("1");
      await page.getByRole("button", { name: "Pay $75" }).click();
      await expect(page.locator("#card-cvc-error")).toBeVisible();
      expect(await severeViolations(page), "serious or critical axe violations on /checkout (id, impact: target [why])").toBe("");

      await page.goto(`/payment-success?payment_intent=${paid.reference}&redirect_status=succeeded`);
      await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
      expect(await severeViolations(page), "serious or critical axe violations on /payment-success (id, impact: target [why])").toBe("");
    });
  }
});
