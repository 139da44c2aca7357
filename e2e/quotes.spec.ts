// Custom quotes in the browser (docs/product.md §2 /dashboard, custom quote dialog, /request-quote; §4 quote status; §5; §8 quotes).
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectToast, ON_THE_DASHBOARD, registerCustomer, test, uniqueId } from "./fixtures";

/** The name this file's customers register under. */
const CUSTOMER_NAME = { firstName: "Wilbur", lastName: "Wright" };

interface QuoteValues {
  serviceType: string;
  description: string;
  budget: string;
  timeline: string;
}

function newQuote(serviceType: string, overrides: Partial<QuoteValues> = {}): QuoteValues {
  return {
    serviceType,
    description: `Thermal survey of a 3 MW rooftop array, ref ${uniqueId()}`,
    budget: "$2,000 - $5,000",
    timeline: "Within 2 weeks",
    ...overrides,
  };
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await expect(page.getByText(/^Welcome,/)).toBeVisible();
}

async function fillQuote(scope: Locator | Page, quote: QuoteValues): Promise<void> {
  await scope.getByLabel("Service type").selectOption(quote.serviceType);
  await scope.getByLabel("Project description").fill(quote.description);
  await scope.getByLabel("Budget").fill(quote.budget);
  await scope.getByLabel("Timeline").fill(quote.timeline);
}

const quoteDialog = (page: Page) => page.getByRole("dialog", { name: "Request Custom Quote" });
const myQuotesPanel = (page: Page) => page.getByRole("tabpanel", { name: "My Quotes" });

async function submitQuoteThroughDialog(page: Page, quote: QuoteValues): Promise<void> {
  await page.getByRole("tab", { name: "Subscriptions" }).click();
  await page.getByRole("button", { name: "Request Custom Quote" }).click();
  const dialog = quoteDialog(page);
  await expect(dialog).toBeVisible();
  await fillQuote(dialog, quote);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expectToast(page, "Quote request submitted");
  await expect(dialog).toBeHidden();
}

/** Opens My Quotes and returns the card of the quote with this description. */
async function quoteCard(page: Page, description: string): Promise<Locator> {
  await page.getByRole("tab", { name: "My Quotes" }).click();
  const card = myQuotesPanel(page).getByRole("listitem").filter({ hasText: description });
  await expect(card).toBeVisible();
  return card;
}

test.describe("custom quote dialog", () => {
  test("submitting it empty warns about missing fields; a filled request closes it and shows as Pending Review", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    await openDashboard(page);
    await expect(page.getByRole("tab", { name: "Subscriptions" })).toHaveAttribute("aria-selected", "true");

    await page.getByRole("button", { name: "Request Custom Quote" }).click();
    const dialog = quoteDialog(page);
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole("button", { name: "Submit Request" });
    await submit.click();
    await expectToast(page, "Missing fields", "Please fill in the service type and project description");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Service type")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Project description")).toHaveAttribute("aria-invalid", "true");

    const quote = newQuote("solar");
    await fillQuote(dialog, quote);
    await submit.click();
    await expectToast(page, "Quote request submitted");
    await expect(dialog).toBeHidden();

    const card = await quoteCard(page, quote.description);
    await expect(card.getByRole("heading", { name: "Solar Inspections" })).toBeVisible();
    await expect(card).toContainText("Pending Review");
    await expect(card).toContainText(quote.budget);
    await expect(card).toContainText(quote.timeline);
    await expect(myQuotesPanel(page).getByRole("listitem")).toHaveCount(1);

    // It is stored, not just drawn: a reload still lists it.
    await page.reload();
    await expect(await quoteCard(page, quote.description)).toContainText("Pending Review");
  });
});

test.describe("/request-quote", () => {
  test("offers the six services, Cancel returns to the dashboard, and a request joins My Quotes as Pending Review", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    await page.goto("/request-quote");
    await expect(page.getByRole("heading", { level: 1, name: "Request a Custom Quote" })).toBeVisible();

    const options = page.getByLabel("Service type").locator("option:not([value=''])");
    await expect(options).toHaveCount(6);
    expect(await options.evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value))).toEqual([
      "solar",
      "agriculture",
      "photography",
      "mapping",
      "inspection",
      "other",
    ]);
    await expect(options).toHaveText([/^Solar/, /^Agricultural/, /^Photography/, /mapping/i, /inspection/i, /^Other$/]);

    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(ON_THE_DASHBOARD);
    await expect(page.getByText(/^Welcome,/)).toBeVisible();

    const fromDialog = newQuote("photography", { description: `Roof inspection video for a listing, ref ${uniqueId()}` });
    await submitQuoteThroughDialog(page, fromDialog);

    await page.goto("/request-quote");
    const fromPage = newQuote("mapping", { description: `Orthomosaic of a 40 ha quarry, ref ${uniqueId()}`, budget: "", timeline: "" });
    await fillQuote(page, fromPage);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expectToast(page, "Quote request submitted");
    await expect(page).toHaveURL(/\/dashboard\?tab=quotes$/);

    const pageCard = await quoteCard(page, fromPage.description);
    await expect(pageCard.getByRole("heading", { name: "Aerial Mapping" })).toBeVisible();
    await expect(pageCard).toContainText("Pending Review");
    await expect(pageCard).not.toContainText("Budget");
    const dialogCard = await quoteCard(page, fromDialog.description);
    await expect(dialogCard).toContainText("Pending Review");
    await expect(myQuotesPanel(page).getByRole("listitem")).toHaveCount(2);
  });

  test("submitting the page empty warns about missing fields and stays on the page", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    await page.goto("/request-quote");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expectToast(page, "Missing fields", "Please fill in the service type and project description");
    await expect(page).toHaveURL(/\/request-quote$/);
    expect(await quotesOf(page.request)).toEqual([]);
  });

  test("a visitor opening /request-quote goes to /login", async ({ page }) => {
    await page.goto("/request-quote");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    // It opens on REGISTER, saying why an account helps (e2e/account-journey.spec.ts follows it through).
    await expect(page.getByRole("form", { name: "Register", exact: true })).toBeVisible();
    await expect(page.getByLabel("Service type")).toHaveCount(0);
  });
});

interface StoredQuote {
  id: number;
  serviceType: string;
  description: string;
  budget: string | null;
  timeline: string | null;
  status: string;
}

async function quotesOf(request: APIRequestContext): Promise<StoredQuote[]> {
  const response = await request.get("/api/quotes");
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: StoredQuote[] }).data;
}

test.describe("quote status", () => {
  test("a customer's quote is stored on the server with status pending, for that customer only", async ({ page, browser, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    await openDashboard(page);
    const quote = newQuote("agriculture", { description: `NDVI maps for 300 acres of wheat, ref ${uniqueId()}` });
    await submitQuoteThroughDialog(page, quote);

    const stored = await quotesOf(page.request);
    expect(stored).toEqual([
      expect.objectContaining({
        serviceType: "agriculture",
        description: quote.description,
        budget: quote.budget,
        timeline: quote.timeline,
        status: "pending",
      }),
    ]);

    // Another customer does not see it.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await registerCustomer(otherPage.request, CUSTOMER_NAME);
      expect(await quotesOf(otherPage.request)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

test.describe("subscriptions tab", () => {
  test("lists each catalogue service with its monthly USD price, beside the Request Custom Quote button", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    const response = await page.request.get("/api/services?active=true");
    expect(response.status()).toBe(200);
    const catalogue = ((await response.json()) as { data: { name: string; description: string; price: number }[] }).data;
    expect(catalogue.length, "the catalogue is seeded").toBeGreaterThan(0);

    await openDashboard(page);
    const panel = page.getByRole("tabpanel", { name: "Subscriptions" });
    await expect(panel.getByRole("button", { name: "Request Custom Quote" })).toBeVisible();
    const services = panel.getByRole("region", { name: "Available services" }).getByRole("listitem");
    await expect(services).toHaveCount(catalogue.length);

    for (const service of catalogue) {
      const card = services.filter({ has: page.getByRole("heading", { name: service.name, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(service.description);
      const dollars = (service.price / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const price = card.getByText(/^\$\d{1,3}(,\d{3})*\.\d{2}\/month$/);
      await expect(price).toHaveText(`$${dollars}/month`);
      await expect(card.getByRole("button", { name: `Subscribe to ${service.name}` })).toBeEnabled();
    }
  });
});
