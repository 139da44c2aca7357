// The price list in a real browser (docs/decisions/0056-price-list.md): the admin adds two items in
// the back office's Price list tab, answers a customer's quote request with an estimate built from
// them, changes a quantity and a price for this customer, and sends it; the customer's estimate
// page shows the total the server computed from the line's own figures.
//
// The run's tax rate is 8.25 % (e2e/serve.mjs): 2 MWp at $400.00 (the list says $450.00) and
// 3 hours at $120.00 make a subtotal of $1,160.00, tax $95.70 and a total of $1,255.70.
import type { Estimate } from "@common/contract/estimates";
import type { Job } from "@common/contract/jobs";
import type { PriceListItem } from "@common/contract/price-list";
import { openBackOffice } from "./admin-jobs";
import { expect, json, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";

test("an estimate built from two price list items, one quantity and one price changed, reaches the customer with the server's total", async ({
  page,
  newCustomer,
  adminPage,
  adminApi,
}) => {
  const ref = uniqueId();
  const survey = `Thermal survey ${ref}`;
  const crew = `Flight crew ${ref}`;

  // The admin keeps two items in the price list.
  const priceList = await openBackOffice(adminPage, "Price list");
  for (const item of [
    { description: survey, unit: "MWp", unitPrice: "450" },
    { description: crew, unit: "hour", unitPrice: "120" },
  ]) {
    await priceList.getByRole("button", { name: "Add item" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Add price list item" });
    await dialog.getByLabel("Description").fill(item.description);
    await dialog.getByLabel("Unit", { exact: true }).fill(item.unit);
    await dialog.getByLabel("Unit price (USD)").fill(item.unitPrice);
    await dialog.getByRole("button", { name: "Save item" }).click();
    await expect(dialog).toBeHidden();
    await expect(priceList.getByRole("row").filter({ hasText: item.description })).toBeVisible();
  }
  await expect(priceList.getByRole("row").filter({ hasText: survey })).toContainText("$450.00");
  expect(await severeViolations(adminPage), "serious or critical axe violations on the Price list tab").toBe("");

  // A customer asks for a quote.
  const customer = await newCustomer({ firstName: "Jean", lastName: "Batten" });
  const description = `Thermal inspection of a 2 MWp rooftop, ref ${ref}`;
  const quoteId = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description });

  // The admin builds the estimate from the price list, then prices it for this customer.
  const quotes = await openBackOffice(adminPage, "Quotes");
  await quotes
    .getByRole("listitem")
    .filter({ hasText: description })
    .getByRole("button", { name: /^Send estimate/ })
    .click();
  const builder = adminPage.getByRole("dialog", { name: "Send estimate" });
  await builder.getByRole("button", { name: "Add from price list" }).click();
  await builder.getByRole("searchbox", { name: "Search the price list" }).fill(ref);
  await builder.getByRole("button", { name: `Add ${survey}` }).click();
  await builder.getByRole("button", { name: `Add ${crew}` }).click();
  const first = builder.getByRole("group", { name: "Line 1" });
  const second = builder.getByRole("group", { name: "Line 2" });
  await expect(first.getByLabel("Description")).toHaveValue(survey);
  await expect(first.getByLabel("Unit price (USD)")).toHaveValue("450.00");
  await expect(second.getByLabel("Unit", { exact: true })).toHaveValue("hour");
  expect(await severeViolations(adminPage), "serious or critical axe violations in the builder's price list").toBe("");
  await first.getByLabel("Quantity").fill("2");
  await first.getByLabel("Unit price (USD)").fill("400");
  await second.getByLabel("Quantity").fill("3");
  await builder.getByRole("button", { name: "Send estimate" }).click();
  await expect(builder).toBeHidden();

  // The lines remember their items but keep this estimate's own figures.
  const jobs = await json<{ data: Job[] }>(await page.request.get("/api/jobs"));
  const jobId = jobs.data.find((job) => job.quoteId === quoteId)!.id;
  const [estimate] = (await json<{ data: Estimate[] }>(await page.request.get(`/api/estimates?jobId=${jobId}`))).data;
  const items = (await json<{ data: PriceListItem[] }>(await adminApi.get(`/api/admin/price-list?q=${ref}`))).data;
  const idOf = (text: string) => items.find((item) => item.description === text)!.id;
  expect(
    estimate!.lines.map(({ description, quantity, unit, unitPrice, amount, priceListItemId }) => ({
      description,
      quantity,
      unit,
      unitPrice,
      amount,
      priceListItemId,
    })),
  ).toEqual([
    { description: survey, quantity: 2, unit: "MWp", unitPrice: 40_000, amount: 80_000, priceListItemId: idOf(survey) },
    { description: crew, quantity: 3, unit: "hour", unitPrice: 12_000, amount: 36_000, priceListItemId: idOf(crew) },
  ]);
  expect(estimate).toMatchObject({ subtotal: 116_000, tax: 9_570, total: 125_570 });

  // The customer sees the total on their estimate's page.
  await page.goto(`/dashboard/estimates/${estimate!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: /Estimate #\d+/ })).toBeVisible();
  await expect(page.getByText(survey)).toBeVisible();
  await expect(page.getByText("$1,255.70").first()).toBeVisible();
});
