import { describe, expect, it } from "vitest";
import type { AdminPayment, Payment } from "@common/contract/payments";
import type { CustomerDetail } from "@common/contract/customers";
import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";
import type { JobDetail } from "@common/contract/jobs";
import type { AdminQuote, Quote } from "@common/contract/quotes";
import { textOf } from "../pdf/testing/poppler";
import { ESTIMATE_ENV, estimateDriver, JOURNEY_WITH_MAP } from "../testing/estimates";
import { type TestUser } from "../testing/factories";
import { type JobDriver, jobsAppForTests, moveBody } from "../testing/jobs";
import type { TestApp } from "../testing/test-app";
import { amountsOfJob } from "./job-amounts";

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

/**
 * One job's money told the same way by every answer that carries it (docs/decisions/0047-a-jobs-amounts.md):
 * the journey's estimate, its optional map chosen ($2,363.45, a deposit of $709.04), accepted, the
 * deposit paid by card, the job delivered, the final invoice issued and paid.
 */
describe("a job's amounts, from estimate to paid invoice", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: JobDriver;
  let jobId: number, quoteId: number, estimate: Estimate, invoice: Invoice;
  let depositPaymentId: number, invoicePaymentId: number;

  const call = (method: "GET" | "POST", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const data = async <Data>(url: string, user: TestUser): Promise<Data> => {
    const res = await call("GET", url, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Data;
  };
  /** The customer pays `towards` with the demo card: the succeeded payment's id. */
  const pay = async (towards: { estimateId: number } | { invoiceId: number }): Promise<number> => {
    const started = await call("POST", "/api/create-payment-intent", customer, { service: "Billing", ...towards });
    expect(started.statusCode, started.body).toBe(200);
    const confirmed = await call("POST", "/api/demo-payments/confirm", customer, { clientSecret: started.json().clientSecret, ...GOOD_CARD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return started.json().paymentId as number;
  };

  jobsAppForTests(["admin", "customer", "pilot"], { ...ESTIMATE_ENV, RATE_LIMIT_PAYMENT_MAX: "1000" }, async (made) => {
    ({ t, drive } = made);
    [admin, customer, pilot] = made.users;
    ({ jobId, quoteId } = await drive.requestQuote(customer));
    const estimates = estimateDriver(t, admin);
    const sent = await estimates.send(jobId);
    estimate = await estimates.accept(sent, customer);
  });

  it("lists the deposit under its job as soon as it is paid, before any invoice, with what is left of the accepted total", async () => {
    depositPaymentId = await pay({ estimateId: estimate.id });
    const job = await data<JobDetail>(`/api/jobs/${jobId}`, customer);
    expect(job.payments.map((payment) => [payment.id, payment.jobId])).toEqual([[depositPaymentId, jobId]]);
    expect(job.amounts).toEqual({
      pricedBy: "estimate",
      currency: "usd",
      acceptedTotal: JOURNEY_WITH_MAP.total,
      total: JOURNEY_WITH_MAP.total,
      credited: 0,
      deposit: JOURNEY_WITH_MAP.depositAmount,
      depositPaid: JOURNEY_WITH_MAP.depositAmount,
      paid: JOURNEY_WITH_MAP.depositAmount,
      refunded: 0,
      balance: JOURNEY_WITH_MAP.total - JOURNEY_WITH_MAP.depositAmount,
      owedBack: 0,
    });
    const payments = await data<Payment[]>("/api/payments", customer);
    expect(payments.find((payment) => payment.id === depositPaymentId)?.jobId).toBe(jobId);
  });

  it("agrees everywhere once the final invoice is paid: job pages, payments lists, estimate, invoice, customer page and quote", async () => {
    for (const step of ["scheduled", "flown", "processing", "delivered"] as const) {
      const moved = await drive.patch(jobId, moveBody(step, pilot.user.id));
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const issued = await call("POST", "/api/admin/invoices", admin, { jobId });
    expect(issued.statusCode, issued.body).toBe(201);
    invoicePaymentId = await pay({ invoiceId: (issued.json().data as Invoice).id });

    const amounts = await amountsOfJob(t.database.db, jobId);
    // Once invoiced, the invoice prices the job; without extra lines or adjustments its total is the accepted one.
    expect(amounts).toEqual({
      pricedBy: "invoice",
      currency: "usd",
      acceptedTotal: JOURNEY_WITH_MAP.total,
      total: JOURNEY_WITH_MAP.total,
      credited: 0,
      deposit: JOURNEY_WITH_MAP.depositAmount,
      depositPaid: JOURNEY_WITH_MAP.depositAmount,
      paid: JOURNEY_WITH_MAP.total,
      refunded: 0,
      balance: 0,
      owedBack: 0,
    });
    const both = [
      [invoicePaymentId, jobId],
      [depositPaymentId, jobId],
    ];

    // The job detail, as the customer and as the back office read it.
    for (const user of [customer, admin]) {
      const job = await data<JobDetail>(`/api/jobs/${jobId}`, user);
      expect(job.amounts).toEqual(amounts);
      expect(job.payments.map((payment) => [payment.id, payment.jobId])).toEqual(both);
      expect(job.quote).toMatchObject({ id: quoteId, price: amounts.acceptedTotal, paid: true, pricedByEstimate: true });
    }

    // The payments lists, each payment with its job.
    const own = await data<Payment[]>("/api/payments", customer);
    expect(own.map((payment) => [payment.id, payment.jobId])).toEqual(both);
    const all = await data<AdminPayment[]>("/api/admin/payments", admin);
    expect(all.filter((payment) => payment.userId === customer.user.id).map((payment) => [payment.id, payment.jobId])).toEqual(both);

    // The estimate and the invoice.
    const read = await data<Estimate>(`/api/estimates/${estimate.id}`, customer);
    expect([read.response?.acceptedTotal, read.response?.acceptedDepositAmount, read.depositPaid, read.depositDue]).toEqual([
      amounts.acceptedTotal,
      amounts.deposit,
      amounts.depositPaid,
      amounts.deposit - amounts.depositPaid,
    ]);
    const invoices = await data<Invoice[]>(`/api/invoices?jobId=${jobId}`, customer);
    expect(invoices).toHaveLength(1);
    invoice = invoices[0]!;
    expect(invoice).toMatchObject({ total: amounts.acceptedTotal, paid: amounts.paid, refunded: amounts.refunded, balance: amounts.balance, status: "paid" });
    expect(invoice.payments.map((payment) => [payment.id, payment.kind])).toEqual([
      [depositPaymentId, "deposit"],
      [invoicePaymentId, "invoice"],
    ]);

    // The back office's customer page, and the quote in every list.
    const page = await data<CustomerDetail>(`/api/admin/customers/${customer.user.id}`, admin);
    expect(page.jobs.find((job) => job.id === jobId)?.amounts).toEqual(amounts);
    expect(page.payments.map((payment) => [payment.id, payment.jobId])).toEqual(both);
    expect(page.quotes.find((quote) => quote.id === quoteId)).toMatchObject({ price: amounts.acceptedTotal, paid: true, pricedByEstimate: true });
    expect((await data<Quote[]>("/api/quotes", customer)).find((quote) => quote.id === quoteId)).toMatchObject({
      price: amounts.acceptedTotal,
      paid: true,
      pricedByEstimate: true,
    });
    expect((await data<AdminQuote[]>("/api/admin/quotes", admin)).find((quote) => quote.id === quoteId)).toMatchObject({
      price: amounts.acceptedTotal,
      paid: true,
      pricedByEstimate: true,
    });
  });

  it("prints the same totals on the estimate's and the invoice's PDFs", async () => {
    const pdf = async (url: string) => {
      const res = await call("GET", url, customer);
      expect(res.statusCode, res.body).toBe(200);
      return textOf(res.rawPayload);
    };
    const estimateText = await pdf(`/api/estimates/${estimate.id}/pdf`);
    for (const expected of [
      "Orthomosaic map 1 $350.00 $350.00\nOptional item, chosen",
      "Subtotal $2,233.33",
      "Total $2,363.45",
      "Deposit due on acceptance (30%) $709.04",
    ]) {
      expect(estimateText).toContain(expected);
    }
    const invoiceText = await pdf(`/api/invoices/${invoice.id}/pdf`);
    for (const expected of ["Orthomosaic map 1 $350.00 $350.00", "Subtotal $2,233.33", "Total $2,363.45", "Paid $2,363.45", "Balance due $0.00"]) {
      expect(invoiceText).toContain(expected);
    }
  });
});
