// The back office's inbox reads as people do, not as raw data (docs/product.md §2, Contact submissions
// and Back office).
import type { Locator, Page } from "@playwright/test";
import { deliverQuoteJobViaApi, openBackOffice } from "./admin-jobs";
import { expect, expectToast, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";

/** The name this file's customers register under. */
const CUSTOMER_NAME = { firstName: "Bessie", lastName: "Coleman" };

/** Types into a list's search box and waits for the server to be asked for those words. */
async function searchFor(page: Page, scope: Page | Locator, searchName: string, words: string): Promise<void> {
  const asked = page.waitForRequest((request) => new URL(request.url()).searchParams.get("q") === words);
  await scope.getByRole("search", { name: searchName }).getByRole("searchbox", { name: "Search" }).fill(words);
  await asked;
}

/** The customer's My Quotes card of the request described by `ref`. */
async function myQuote(page: Page, ref: string): Promise<Locator> {
  await page.goto("/dashboard");
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "My Quotes", exact: true }).click();
  return page.getByRole("tabpanel", { name: "My Quotes", exact: true }).getByRole("listitem").filter({ hasText: ref });
}

/** The customer's quote as the server holds it. */
async function storedQuote(page: Page, id: number): Promise<{ status: string; price: number | null; declineReason: string | null }> {
  const response = await page.request.get("/api/quotes");
  return ((await response.json()) as { data: { id: number; status: string; price: number | null; declineReason: string | null }[] }).data.find(
    (quote) => quote.id === id,
  )!;
}

test("a quote request shows in /admin as its fields beside the customer, not as the raw message; Messages keeps to inquiries", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const customer = await newCustomer(CUSTOMER_NAME);
  const ref = `Thermal survey of the east roof, ref ${uniqueId()}`;
  await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description: ref, budget: "$3,000 - $5,000", timeline: "Before June" });

  const adminPage = await admin.newPage();
  await adminPage.goto("/admin");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
  await searchFor(adminPage, adminPage, "Search contact submissions", ref);
  const rows = adminPage
    .getByRole("table", { name: /Contact submissions/ })
    .getByRole("row")
    .filter({ hasText: ref });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole("rowheader")).toHaveText("Bessie Coleman");
  await expect(row.getByRole("link", { name: customer.email })).toBeVisible();
  await expect(row.getByText("Quote request", { exact: true })).toBeVisible();
  for (const [term, value] of [
    ["Service", "Solar Inspections"],
    ["Description", ref],
    ["Budget", "$3,000 - $5,000"],
    ["Timeline", "Before June"],
  ]) {
    await expect(row.getByRole("term").filter({ hasText: term })).toBeVisible();
    await expect(row.getByRole("definition").filter({ hasText: value })).toBeVisible();
  }
  await expect(row).not.toContainText("CUSTOM QUOTE REQUEST:");
  await expect(row).not.toContainText("Description:");
  expect(await severeViolations(adminPage), "serious or critical axe violations on /admin").toBe("");

  // The Messages tab lists inquiries alone (docs/product.md §2): the server finds no message with these words.
  const messages = await openBackOffice(adminPage, "Messages");
  await searchFor(adminPage, messages, "Search contact messages", ref);
  await expect(messages.getByText(`No messages match "${ref}".`)).toBeVisible();
});

test("Decline asks first and for a reason: cancelling changes nothing, and the customer reads the reason politely", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const customer = await newCustomer(CUSTOMER_NAME);
  const ref = `Night filming over the harbour, ref ${uniqueId()}`;
  const id = await requestQuoteViaApi(page.request, customer, { serviceType: "photography", description: ref });
  const reason = "Our pilots are fully booked until June; we would be glad to hear from you then.";

  const adminPage = await admin.newPage();
  const quotes = await openBackOffice(adminPage, "Quotes");
  await searchFor(adminPage, quotes, "Search pending quote requests", ref);
  const card = quotes.getByRole("listitem").filter({ hasText: ref });
  await expect(card).toHaveCount(1);

  await card.getByRole("button", { name: /^Decline/ }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Decline quote request?" });
  await expect(dialog).toContainText("We're unable to take on this request right now.");
  await dialog.getByLabel("Reason for the customer (optional)").fill("Not this one");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Pending Review", { exact: true })).toBeVisible();
  expect(await storedQuote(page, id)).toMatchObject({ status: "pending", declineReason: null });

  // Opened again, the dialog starts afresh.
  await card.getByRole("button", { name: /^Decline/ }).click();
  await expect(dialog.getByLabel("Reason for the customer (optional)")).toHaveValue("");
  await dialog.getByLabel("Reason for the customer (optional)").fill(reason);
  expect(await severeViolations(adminPage), "serious or critical axe violations in the Decline dialog").toBe("");
  await dialog.getByRole("button", { name: "Decline request" }).click();
  await expectToast(adminPage, "Quote request declined");
  await expect(card).toHaveCount(0);
  expect(await storedQuote(page, id)).toMatchObject({ status: "declined", declineReason: reason });

  const processed = await openBackOffice(adminPage, "Processed");
  await searchFor(adminPage, processed, "Search processed quote requests", ref);
  await expect(processed.getByRole("listitem").filter({ hasText: ref })).toContainText(reason);

  const declined = await myQuote(page, ref);
  await expect(declined.getByText("Declined", { exact: true })).toBeVisible();
  await expect(declined).toContainText("We're unable to take on this request right now. Feel free to submit a new one or contact us.");
  await expect(declined).toContainText(`A word from our team: ${reason}`);
});

test('the price "3,850" is accepted, shown as understood and stored as 385000 cents; Mark Completed asks first', async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const customer = await newCustomer(CUSTOMER_NAME);
  const ref = `Orthomosaic of the orchard, ref ${uniqueId()}`;
  const id = await requestQuoteViaApi(page.request, customer, { serviceType: "agriculture", description: ref });

  const adminPage = await admin.newPage();
  const quotes = await openBackOffice(adminPage, "Quotes");
  await searchFor(adminPage, quotes, "Search pending quote requests", ref);
  await quotes
    .getByRole("listitem")
    .filter({ hasText: ref })
    .getByRole("button", { name: /^Approve/ })
    .click();
  const approve = adminPage.getByRole("dialog", { name: "Approve quote request" });
  const price = approve.getByLabel("Price (USD)");
  await price.fill("3.850,00");
  await expect(approve.getByText(/^Understood as/)).toHaveCount(0);
  await price.fill("3,850");
  await expect(approve.getByText("Understood as $3,850.00", { exact: true })).toBeVisible();
  await approve.getByRole("button", { name: "Approve", exact: true }).click();
  await expectToast(adminPage, "Quote request accepted");
  expect(await storedQuote(page, id)).toMatchObject({ status: "accepted", price: 385_000 });

  // Mark Completed closes the job, so it is offered once the job is delivered.
  await deliverQuoteJobViaApi(admin.request, page.request, id);
  const processed = await openBackOffice(adminPage, "Processed");
  await searchFor(adminPage, processed, "Search processed quote requests", ref);
  const card = processed.getByRole("listitem").filter({ hasText: ref });
  await expect(card).toContainText("$3,850.00");
  await card.getByRole("button", { name: /^Mark Completed/ }).click();
  const confirm = adminPage.getByRole("dialog", { name: "Mark this request completed?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText("Delivered", { exact: true })).toBeVisible();
  expect((await storedQuote(page, id)).status).toBe("accepted");

  await card.getByRole("button", { name: /^Mark Completed/ }).click();
  await confirm.getByRole("button", { name: "Mark Completed" }).click();
  await expectToast(adminPage, "Quote request completed");
  await expect(card.getByText("Completed", { exact: true })).toBeVisible();
  expect((await storedQuote(page, id)).status).toBe("completed");
});

test("search narrows the Messages list through the server, and the pager moves through its pages", async ({ page, adminContext: admin }) => {
  const token = `pager${uniqueId()}`;
  // Twelve inquiries with one word in common: a page holds ten.
  for (let n = 1; n <= 12; n += 1) {
    const response = await page.request.post("/api/contact", {
      data: {
        name: `Sender ${String(n).padStart(2, "0")}`,
        email: `sender${n}@example.com`,
        phone: "555-010-2024",
        service: "other",
        message: `Question ${n} about ${token}, please call back.`,
      },
    });
    expect(response.status()).toBe(201);
  }

  const adminPage = await admin.newPage();
  const messages = await openBackOffice(adminPage, "Messages");
  await searchFor(adminPage, messages, "Search contact messages", token);
  const pager = messages.getByRole("navigation", { name: "Contact messages pages" });
  await expect(pager).toContainText("Page 1 of 2 · 12 messages");
  expect(await severeViolations(adminPage), "serious or critical axe violations on the Messages tab").toBe("");
  const cards = messages.getByRole("listitem");
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText("Sender 12");

  const asked = adminPage.waitForRequest((request) => new URL(request.url()).searchParams.get("page") === "2");
  await pager.getByRole("button", { name: "Next page" }).click();
  await asked;
  await expect(pager).toContainText("Page 2 of 2 · 12 messages");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Sender 02");
  await expect(cards.nth(1)).toContainText("Sender 01");
  await expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();

  await pager.getByRole("button", { name: "Previous page" }).click();
  await expect(pager).toContainText("Page 1 of 2 · 12 messages");

  // Narrower words, a narrower list: the server finds one, and one page needs no pager.
  await searchFor(adminPage, messages, "Search contact messages", `Question 7 about ${token}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Sender 07");
  await expect(pager).toHaveCount(0);
});
