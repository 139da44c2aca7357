// Quote to cash in a real browser, as a new customer and the business meet it
// (docs/decisions/0026-quote-to-cash.md): the admin answers a quote request with an estimate of two
// lines, one of them optional, and a 30 % deposit; the customer opens it from the mail, ticks the
// option, signs by typing their name and pays the deposit with the demo card; the job is accepted,
// flown and delivered; the admin issues the final invoice; the customer pays its balance; both read
// the receipts, and every PDF (from the mail and from the pages) is read back with pdftotext from
// Debian's poppler-utils.
//
// The run's tax rate is 8.25 % (e2e/serve.mjs sets TAX_RATE), so the figures exercise the rounding rule
// of common/money.ts: with the option ticked the subtotal is $2,150.00, the tax $177.375 → $177.38, the
// total $2,327.38, the deposit 30 % of it $698.214 → $698.21, the balance $1,629.17.
import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";
import type { Job } from "@common/contract/jobs";
import { textOf } from "../server/pdf/testing/poppler";
import { fillJourneyEstimate, journeyTest, payWithDemoCard, pdfText } from "./billing";
import { act, expectJobState, fillWindow, openBackOffice, openJob } from "./admin-jobs";
import { expect, requestQuoteViaApi, severeViolations, test, uniqueId } from "./fixtures";
import { mailAttachmentBytes, mailText, waitForMail } from "./mailbox";

journeyTest(
  "an estimate with an option and a deposit becomes a signed, paid job, invoiced and paid, with every PDF right",
  async ({ page, customer, adminContext: admin, adminPage }) => {
    // The whole journey, five PDFs and three mails: 32 s on a quiet machine, half as much again under the full suite.
    test.setTimeout(180_000);
    const description = `Thermal inspection of a 40 acre array, ref ${uniqueId()}`;
    await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description, budget: "$2,000 - $5,000", timeline: "Within 2 weeks" });

    // The admin answers the request with an estimate: two lines, the second optional, a 30 % deposit.
    const quotes = await openBackOffice(adminPage, "Quotes");
    const card = quotes.getByRole("listitem").filter({ hasText: description });
    await card.getByRole("button", { name: /^Send estimate/ }).click();
    const builder = adminPage.getByRole("dialog", { name: "Send estimate" });
    await fillJourneyEstimate(builder);
    await builder.getByLabel("Note").fill("Flights are planned for dry mornings.");
    expect(await severeViolations(adminPage), "serious or critical axe violations in the estimate builder").toBe("");
    await builder.getByRole("button", { name: "Send estimate" }).click();
    await expect(builder).toBeHidden();

    // The customer's mail: the estimate as a PDF and a link to it.
    const sent = await waitForMail(customer.email, /Subject: Estimate #\d+/);
    const estimateLink = /(https?:\/\/\S+\/dashboard\/estimates\/(\d+))/.exec(mailText(sent));
    expect(estimateLink, mailText(sent)).not.toBeNull();
    const [, link, estimateIdText] = estimateLink!;
    const estimateId = Number(estimateIdText);
    const mailedEstimate = await textOf(mailAttachmentBytes(sent, /^estimate-.*\.pdf$/));
    for (const expected of [
      "Thermal inspection 40 acre $45.00 $1,800.00",
      "Orthomosaic map of the whole site 1 $350.00 $350.00",
      "Subtotal $1,800.00",
      "Tax (8.25%) $148.50",
      "Total $1,948.50",
      "Deposit due on acceptance (30%) $584.55",
    ]) {
      expect(mailedEstimate).toContain(expected);
    }

    // The customer opens it from the mail, ticks the option, signs and goes on to pay the deposit.
    expect(new URL(link!).pathname).toBe(`/dashboard/estimates/${estimateId}`);
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("heading", { level: 1, name: /Estimate #\d+/ })).toBeVisible();
    await expect(page.getByText("$1,948.50").first()).toBeVisible();
    await page.getByRole("checkbox", { name: /Orthomosaic map of the whole site/ }).check();
    await expect(page.getByText("$2,327.38").first()).toBeVisible();
    await expect(page.getByText("$698.21").first()).toBeVisible();
    expect(await severeViolations(page), "serious or critical axe violations on the estimate page").toBe("");
    await page.getByLabel("Your full name").fill("Jean Batten");
    await page.getByRole("button", { name: "Accept and pay deposit" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?.*estimate=${estimateId}`));
    await payWithDemoCard(page, "$698.21");

    const accepted = await page.request.get(`/api/estimates/${estimateId}`);
    const estimate = ((await accepted.json()) as { data: Estimate }).data;
    expect(estimate).toMatchObject({
      status: "accepted",
      depositPaid: 69_821,
      depositDue: 0,
      response: { answer: "accepted", signatureName: "Jean Batten", acceptedTotal: 232_738, acceptedDepositAmount: 69_821 },
    });
    const signed = await pdfText(page.request, `/api/estimates/${estimateId}/pdf`);
    expect(signed).toContain("ACCEPTED");
    expect(signed).toContain("Accepted by Jean Batten");

    // The job is accepted; the admin flies and delivers it, then issues the final invoice.
    let job = await openJob(adminPage, customer.username, "Solar Inspections");
    await expectJobState(job, "Accepted");
    await act(adminPage, job, "Schedule", "Schedule the flight", (dialog) =>
      fillWindow(dialog, { start: "2026-12-10T09:00", end: "2026-12-10T12:00", timeZone: "America/Chicago" }),
    );
    await expectJobState(job, "Scheduled");
    await act(adminPage, job, "Mark flown", "Record the flight", async (dialog) => {
      await dialog.getByLabel("Flown on").fill("2026-11-10");
    });
    await act(adminPage, job, "Mark delivered", "Deliver the job");
    await expectJobState(job, "Delivered");

    job = adminPage.getByRole("region", { name: "Billing" });
    await job.getByRole("button", { name: "Issue final invoice" }).click();
    const issue = adminPage.getByRole("dialog", { name: /Issue final invoice/ });
    await issue.getByRole("button", { name: "Issue invoice" }).click();
    await expect(issue).toBeHidden();

    const listed = await admin.request.get(`/api/invoices?jobId=${estimate.jobId}`);
    const [invoice] = ((await listed.json()) as { data: Invoice[] }).data;
    expect(invoice).toMatchObject({ status: "open", total: 232_738, paid: 69_821, balance: 162_917 });
    const invoiceMail = await waitForMail(customer.email, `Invoice ${invoice!.number}`);
    const mailedInvoice = await textOf(mailAttachmentBytes(invoiceMail, /^invoice-.*\.pdf$/));
    for (const expected of [
      `Invoice ${invoice!.number}`,
      "Thermal inspection 40 acre $45.00 $1,800.00",
      "Orthomosaic map of the whole site 1 $350.00 $350.00",
      "Total $2,327.38",
      "$698.21",
      "$1,629.17",
    ]) {
      expect(mailedInvoice).toContain(expected);
    }

    // The customer pays the balance from the job's page.
    await page.goto(`/dashboard/jobs/${estimate.jobId}`);
    const invoices = page.getByRole("region", { name: "Invoices" });
    await expect(invoices.getByText(invoice!.number)).toBeVisible();
    expect(await severeViolations(page), "serious or critical axe violations on the job page with its invoice").toBe("");
    await invoices.getByRole("link", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?.*invoice=${invoice!.id}`));
    await payWithDemoCard(page, "$1,629.17");

    const paid = ((await (await page.request.get(`/api/invoices?jobId=${estimate.jobId}`)).json()) as { data: Invoice[] }).data[0];
    expect(paid).toMatchObject({ status: "paid", paid: 232_738, balance: 0 });
    const paidPdf = await pdfText(page.request, `/api/invoices/${invoice!.id}/pdf`);
    expect(paidPdf).toContain("PAID");
    expect(paidPdf).toContain("$1,629.17");

    // Both sides see the two payments with their receipts; the receipts carry the right numbers.
    const payments = ((await (await page.request.get("/api/payments")).json()) as { data: { id: number; amount: number; status: string }[] }).data;
    expect(payments.map((payment) => [payment.amount, payment.status])).toEqual([
      [162_917, "succeeded"],
      [69_821, "succeeded"],
    ]);
    const receipt = await pdfText(page.request, `/api/payments/${payments[0]!.id}/receipt`);
    expect(receipt).toContain(`Invoice ${invoice!.number}`);
    expect(receipt).toContain("$1,629.17");
    const depositReceipt = await pdfText(admin.request, `/api/payments/${payments[1]!.id}/receipt`);
    expect(depositReceipt).toContain("$698.21");
    await waitForMail(customer.email, "Subject: Receipt", "$1,629.17");

    await page.goto("/dashboard");
    await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Payments" }).click();
    await expect(page.getByRole("tabpanel", { name: "Payments" }).getByRole("link", { name: /Receipt/ })).toHaveCount(2);
    const adminPayments = await openBackOffice(adminPage, "Payments");
    await expect(
      adminPayments
        .getByRole("row")
        .filter({ hasText: customer.username })
        .getByRole("link", { name: /Receipt/ }),
    ).toHaveCount(2);
    expect(await severeViolations(adminPage), "serious or critical axe violations on the Payments tab").toBe("");
    await openJob(adminPage, customer.username, "Solar Inspections");
    await expect(adminPage.getByRole("region", { name: "Billing" }).getByText(invoice!.number).first()).toBeVisible();
    expect(await severeViolations(adminPage), "serious or critical axe violations on the job's Billing").toBe("");

    const jobs = ((await (await page.request.get("/api/jobs")).json()) as { data: Job[] }).data;
    expect(jobs.find((row) => row.id === estimate.jobId)?.status).toBe("delivered");
  },
);
