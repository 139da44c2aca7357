// Extra work, a goodwill credit and a credit note in real browsers
// (docs/decisions/0059-extra-lines-and-credit-notes.md): a delivered job with an accepted estimate
// of 40 acres at $45.00 and no deposit; the admin issues the final invoice with an extra 2.5 acres
// and a $100.00 goodwill credit, previewed before issuing; the customer's job page and the PDF give
// the same total; the admin then issues a credit note of $50.00, and the customer's balance drops
// by it, tax included.
//
// The run's tax rate is 8.25 % (e2e/serve.mjs): $1,800.00 + $112.50 − $100.00 = $1,812.50, tax
// $149.53125 → $149.53, total $1,962.03; the credit note $50.00 + $4.125 → $4.13 = $54.13, leaving $1,907.90.
import type { APIRequestContext } from "@playwright/test";
import { addDays, calendarDateIn } from "@common/calendar-date";
import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";
import { expectNoHorizontalOverflow, jobPageAt, scheduleViaApi } from "./admin-jobs";
import { journeyTest, pdfText } from "./billing";
import { expect, json, requestQuoteViaApi, test, uniqueId } from "./fixtures";
import { mailAttachmentBytes, waitForMail } from "./mailbox";
import { textOf } from "../server/pdf/testing/poppler";

const TITLE = "Solar Inspections";

/** The customer's job for the quote they asked, answered by an estimate they accept, flown and delivered: all through the API. */
async function deliveredJobWithAcceptedEstimate(admin: APIRequestContext, customer: APIRequestContext, quoteId: number): Promise<number> {
  const jobs = await json<{ data: { id: number; quoteId: number | null }[] }>(await customer.get("/api/jobs"));
  const jobId = jobs.data.find((job) => job.quoteId === quoteId)!.id;
  const sent = await json<{ data: Estimate }>(
    await admin.post("/api/admin/estimates", {
      data: {
        jobId,
        lines: [{ description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500 }],
        deposit: { percent: 0 },
        validUntil: addDays(calendarDateIn("UTC"), 30),
      },
    }),
    201,
  );
  await json(await customer.post(`/api/estimates/${sent.data.id}/accept`, { data: { signatureName: "Jean Batten" } }));
  const { id: pilotId } = await json<{ id: number }>(await admin.get("/api/user"));
  await scheduleViaApi(admin, jobId, { start: "2026-11-02T08:00:00.000Z", end: "2026-11-02T10:00:00.000Z", pilotId });
  for (const data of [{ status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 30, aircraft: "M3E" } }, { status: "delivered" }]) {
    const response = await admin.patch(`/api/admin/jobs/${jobId}`, { data });
    expect(response.status(), await response.text()).toBe(200);
  }
  return jobId;
}

journeyTest(
  "an invoice with extra work and a goodwill credit tells one total everywhere, and a credit note lowers the customer's balance by its amount",
  async ({ page, customer, adminContext: admin, adminPage }) => {
    test.setTimeout(120_000);
    const description = `Thermal inspection with a re-flight, ref ${uniqueId()}`;
    const quoteId = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description, budget: "", timeline: "" });
    const jobId = await deliveredJobWithAcceptedEstimate(admin.request, page.request, quoteId);

    // The admin adds the extra acres and the credit, and sees the totals before issuing.
    await jobPageAt(adminPage, jobId, TITLE);
    const billing = adminPage.getByRole("region", { name: "Billing" });
    await billing.getByRole("button", { name: "Issue final invoice" }).click();
    const issue = adminPage.getByRole("dialog", { name: "Issue final invoice" });
    await issue.getByRole("button", { name: "Add extra line" }).click();
    const extra = issue.getByRole("group", { name: "Extra line 1" });
    await extra.getByLabel("Description").fill("Re-flight of the east block");
    await extra.getByLabel("Quantity").fill("2.5");
    await extra.getByLabel("Unit", { exact: true }).fill("acre");
    await extra.getByLabel("Unit price (USD)").fill("45");
    await issue.getByRole("button", { name: "Add adjustment" }).click();
    const adjustment = issue.getByRole("group", { name: "Adjustment 1" });
    await adjustment.getByLabel("Description").fill("Goodwill credit");
    await adjustment.getByLabel("Kind").selectOption("credit");
    await adjustment.getByLabel("Amount (USD)").fill("100");
    const preview = issue.getByRole("region", { name: "The invoice as it will be issued" });
    await expect(preview.getByRole("row").filter({ hasText: "Re-flight of the east block" })).toContainText("$112.50");
    for (const [term, value] of [
      ["Subtotal", "$1,912.50"],
      ["Goodwill credit", "−$100.00"],
      ["Tax (8.25%)", "$149.53"],
      ["Total", "$1,962.03"],
    ] as const)
      await expect(
        preview
          .locator("dl > div")
          .filter({ has: adminPage.locator("dt").getByText(term, { exact: true }) })
          .locator("dd"),
      ).toHaveText(value);
    await adminPage.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalOverflow(adminPage, "the Issue final invoice dialog");
    await adminPage.setViewportSize({ width: 1366, height: 900 });
    await issue.getByRole("button", { name: "Issue invoice" }).click();
    await expect(issue).toBeHidden();
    const [invoice] = (await json<{ data: Invoice[] }>(await page.request.get(`/api/invoices?jobId=${jobId}`))).data;
    expect(invoice).toMatchObject({ total: 196_203, balance: 196_203 });

    // The customer: the job page's amounts, the invoice row and the PDF give one total.
    await page.goto(`/dashboard/jobs/${jobId}`);
    const payments = page.getByRole("region", { name: "Payments", exact: true });
    const amount = (term: string) =>
      payments
        .locator("dl > div")
        .filter({ has: page.locator("dt").getByText(term, { exact: true }) })
        .locator("dd");
    await expect(amount("Invoice total")).toHaveText("$1,962.03");
    await expect(amount("Balance")).toHaveText("$1,962.03");
    const invoices = page.getByRole("region", { name: "Invoices" });
    const row = invoices.getByRole("row").filter({ hasText: invoice!.number });
    await expect(row).toContainText("$1,962.03");
    const printed = await pdfText(page.request, `/api/invoices/${invoice!.id}/pdf`);
    for (const line of ["Re-flight of the east block 2.5 acre $45.00 $112.50", "Goodwill credit -$100.00", "Total $1,962.03", "Balance due $1,962.03"])
      expect(printed).toContain(line);

    // The admin credits $50.00 before tax: $54.13 with tax.
    await adminPage.reload();
    const invoiceArticle = adminPage.getByRole("article", { name: `Invoice ${invoice!.number}` });
    await invoiceArticle.getByRole("button", { name: /^Issue credit note/ }).click();
    const creditDialog = adminPage.getByRole("dialog", { name: "Issue credit note" });
    await creditDialog.getByLabel("Reason").fill("Two rows of panels were not flown");
    await creditDialog.getByLabel("Amount before tax (USD)").fill("50");
    await expect(creditDialog.getByRole("status")).toContainText("Credited: $54.13, of which $4.13 tax. Balance after: $1,907.90.");
    await creditDialog.getByRole("button", { name: "Issue credit note" }).click();
    await expect(creditDialog).toBeHidden();
    const creditNotes = invoiceArticle.getByRole("list", { name: `Credit notes of invoice ${invoice!.number}` });
    await expect(creditNotes.getByRole("listitem")).toContainText(["−$54.13"]);

    // The customer's balance drops by the credit note, on the job page and in its mail; the credit note's PDF says why.
    await page.reload();
    await expect(amount("Credited")).toHaveText("$54.13");
    await expect(amount("Balance")).toHaveText("$1,907.90");
    await expect(row).toContainText("$1,907.90");
    const listed = invoices.getByRole("list", { name: `Credit notes of invoice ${invoice!.number}` }).getByRole("listitem");
    await expect(listed).toHaveCount(1);
    const number = (await listed.locator(".font-mono").first().textContent())!;
    expect(number).toMatch(/^CN-\d{4}-\d{4,}$/);
    const mail = await waitForMail(customer.email, `Subject: Credit note ${number} for invoice ${invoice!.number}`, "Balance due: $1,907.90");
    const mailed = await textOf(mailAttachmentBytes(mail, /^credit-note-.*\.pdf$/));
    const href = (await listed.getByRole("link", { name: `Download PDF of credit note ${number}` }).getAttribute("href"))!;
    const credited = await pdfText(page.request, href);
    for (const text of [credited, mailed])
      for (const line of [
        `Credit note ${number} for invoice ${invoice!.number}`,
        "Total credited -$54.13",
        "Balance due $1,907.90",
        "Two rows of panels were not flown",
      ])
        expect(text).toContain(line);

    // A phone opens the page at its own width: the invoices and their credit notes need no more room than their section has.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await expect(listed).toHaveCount(1);
    const fits = await invoices.evaluate((region) => region.scrollWidth <= region.clientWidth);
    expect(fits, "the customer's invoices with a credit note at 360 px").toBe(true);
  },
);
