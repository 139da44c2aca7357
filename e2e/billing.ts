// Helpers of the quote-to-cash journeys (e2e/quote-to-cash.spec.ts, e2e/one-story.spec.ts): their
// people, the estimate they send, the demo card at checkout, and a PDF read back with pdftotext.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO_CARDS } from "@common/payments";
import { textOf } from "../server/pdf/testing/poppler";
import { type Account, expect, test } from "./fixtures";

const EXPIRY = `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;

/** A journey's customer: Jean Batten, a new customer signed in on the test's page. */
export const journeyTest = test.extend<{ customer: Account }>({
  customer: async ({ newCustomer }, use) => {
    await use(await newCustomer({ firstName: "Jean", lastName: "Batten" }));
  },
});

/** Pays `amount` (as the Pay button writes it) with the demo card that succeeds, on the checkout page. */
export async function payWithDemoCard(page: Page, amount: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await page.getByLabel("Card number").fill(DEMO_CARDS.success.replace(/(\d{4})(?=\d)/g, "$1 "));
  await page.getByLabel("Expiry date").fill(EXPIRY);
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect(
    page
      .getByRole("status")
      .or(page.getByRole("region", { name: /^Notifications/ }))
      .getByText("Payment Successful")
      .first(),
  ).toBeVisible();
}

/** The PDF at `url` as the session reads it, as text. */
export async function pdfText(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  return textOf(await response.body());
}

/** Fills line `index` of the estimate builder. */
async function fillLine(
  dialog: Locator,
  index: number,
  line: { description: string; quantity: string; unit: string; unitPrice: string; optional?: boolean },
): Promise<void> {
  const row = dialog.getByRole("group", { name: `Line ${index + 1}` });
  await row.getByLabel("Description").fill(line.description);
  await row.getByLabel("Quantity").fill(line.quantity);
  await row.getByLabel("Unit", { exact: true }).fill(line.unit);
  await row.getByLabel("Unit price (USD)").fill(line.unitPrice);
  if (line.optional) await row.getByLabel("Optional").check();
}

/** Fills the estimate builder with the journeys' estimate: a required line, an optional one, a 30 % deposit. */
export async function fillJourneyEstimate(builder: Locator): Promise<void> {
  await fillLine(builder, 0, { description: "Thermal inspection", quantity: "40", unit: "acre", unitPrice: "45" });
  await builder.getByRole("button", { name: "Add line" }).click();
  await fillLine(builder, 1, { description: "Orthomosaic map of the whole site", quantity: "1", unit: "", unitPrice: "350", optional: true });
  await builder.getByLabel("Percent of total").check();
  await builder.getByLabel("Deposit (%)").fill("30");
}
