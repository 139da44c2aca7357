import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";
import type { WaitingItem } from "@common/contract/waiting";
import { idMessage } from "@common/validation";
import { invoices } from "../db/schema";
import { estimateFixture, invoiceFixture } from "../testing/billing";
import { ESTIMATE_ENV, estimateDriver, JOURNEY_AS_SENT, JOURNEY_WITH_MAP } from "../testing/estimates";
import { registerUser, type TestUser } from "../testing/factories";
import { type JobDriver, jobsAppForTests } from "../testing/jobs";
import { multipartBody, sampleFiles } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

describe("GET /api/waiting: what waits for a customer", () => {
  let t: TestApp, admin: TestUser, pilot: TestUser, serviceId: number;
  let jobsOf: JobDriver, estimatesOf: ReturnType<typeof estimateDriver>;
  jobsAppForTests(["admin", "pilot"], { ...ESTIMATE_ENV, RATE_LIMIT_PAYMENT_MAX: "1000" }, (made) => {
    ({ t, serviceId, drive: jobsOf } = made);
    [admin, pilot] = made.users;
    estimatesOf = estimateDriver(t, admin);
  });

  const waiting = async (user?: TestUser, query = "") =>
    t.app.inject({ method: "GET", url: `/api/waiting${query}`, headers: user ? { cookie: user.cookie } : {} });
  const itemsOf = async (user: TestUser, query = ""): Promise<WaitingItem[]> => {
    const res = await waiting(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const uploadReport = async (owner: TestUser, jobId: number) => {
    const { payload, headers } = await multipartBody(
      { userId: String(owner.user.id), serviceId: String(serviceId), jobId: String(jobId), title: "Thermal report", description: "Hot spots" },
      { name: "report.pdf", type: "application/pdf", content: sampleFiles.pdf },
    );
    const res = await t.app.inject({ method: "POST", url: "/api/admin/reports", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(201);
  };
  const payDeposit = async (customer: TestUser, estimateId: number) => {
    const started = await t.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { cookie: customer.cookie },
      payload: { service: "Deposit", estimateId },
    });
    expect(started.statusCode, started.body).toBe(200);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/demo-payments/confirm",
      headers: { cookie: customer.cookie },
      payload: { clientSecret: started.json().clientSecret, ...GOOD_CARD },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  };

  it("answers 401 to a visitor", async () => {
    expect((await waiting()).statusCode).toBe(401);
  });

  it("answers an empty list when nothing waits: a quote request still with the business", async () => {
    const customer = await registerUser(t);
    await jobsOf.requestQuote(customer);
    expect(await itemsOf(customer)).toEqual([]);
  });

  it("an estimate sent and unanswered waits with its total as sent; once accepted, its deposit due takes its place, and once paid nothing is left", async () => {
    const customer = await registerUser(t);
    const { jobId } = await jobsOf.requestQuote(customer);
    const sent = await estimatesOf.send(jobId);
    const [item, ...rest] = await itemsOf(customer);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      kind: "estimate",
      jobId,
      jobTitle: sent.jobTitle,
      estimateId: sent.id,
      total: JOURNEY_AS_SENT.total,
      validUntil: sent.validUntil,
      href: `/dashboard/estimates/${sent.id}`,
    });
    expect(item!.sentence).toBe(`Estimate #${jobId} is waiting for your answer.`);

    const accepted = await estimatesOf.accept(sent, customer);
    const [deposit, ...others] = await itemsOf(customer);
    expect(others).toEqual([]);
    // The figure the estimate's own answer gives, never a second sum.
    const read = ((await estimatesOf.read(sent.id, customer)).json() as { data: Estimate }).data;
    expect(read.depositDue).toBe(JOURNEY_WITH_MAP.depositAmount);
    expect(deposit).toMatchObject({ kind: "deposit", jobId, estimateId: accepted.id, amountDue: read.depositDue, action: "Pay the deposit" });
    expect(new URL(deposit!.href, "http://x").searchParams.get("estimate")).toBe(String(accepted.id));

    await payDeposit(customer, accepted.id);
    expect(await itemsOf(customer)).toEqual([]);
  });

  it("an open invoice waits with its balance and due day, linking to its job's invoices, after the deposits due; an overdue one first", async () => {
    const customer = await registerUser(t);
    const { jobId, estimateId } = await estimateFixture(t.database.db, { userId: customer.user.id, total: 100_000, deposit: 30_000, jobStatus: "delivered" });
    const { id: invoiceId, number } = await invoiceFixture(t.database.db, { jobId, estimateId, total: 100_000 });
    await t.database.db.update(invoices).set({ dueDate: "2099-12-31" }).where(eq(invoices.id, invoiceId));
    const items = await itemsOf(customer);
    expect(items.map((item) => item.kind)).toEqual(["deposit", "invoice"]);
    const [invoice] = (
      (await t.app.inject({ method: "GET", url: `/api/invoices?jobId=${jobId}`, headers: { cookie: customer.cookie } })).json() as { data: Invoice[] }
    ).data;
    expect(items[1]).toMatchObject({
      kind: "invoice",
      jobId,
      invoiceId,
      amountDue: invoice!.balance,
      dueDate: "2099-12-31",
      overdue: false,
      href: `/dashboard/jobs/${jobId}#invoices-heading`,
    });
    expect(items[1]!.sentence).toBe(`Invoice ${number} is waiting for payment.`);
    expect(items[0]).toMatchObject({ kind: "deposit", amountDue: 30_000 });

    const { jobId: laterJob } = await estimateFixture(t.database.db, { userId: customer.user.id, deposit: 0, jobStatus: "delivered" });
    // The fixture's invoice was issued on 2026-03-01, due 30 days later: past due.
    const late = await invoiceFixture(t.database.db, { jobId: laterJob, total: 50_000 });
    const [, overdue, due] = await itemsOf(customer);
    expect(overdue).toMatchObject({ kind: "invoice", invoiceId: late.id, amountDue: 50_000, overdue: true, sentence: `Invoice ${late.number} is overdue.` });
    expect(due).toMatchObject({ kind: "invoice", invoiceId });
  });

  it("an upcoming flight waits with its window in the site's time zone", async () => {
    const customer = await registerUser(t);
    const jobId = await jobsOf.jobAt(customer, "scheduled");
    const job = await jobsOf.read(jobId);
    expect(await itemsOf(customer)).toEqual([
      expect.objectContaining({
        kind: "flight",
        jobId,
        start: job.scheduledStart,
        end: job.scheduledEnd,
        timeZone: "Europe/Paris",
        href: `/dashboard/jobs/${jobId}#window-heading`,
      }),
    ]);
  });

  it("deliverables ready on a delivered job wait until the job is closed; a delivered job without any asks nothing", async () => {
    const customer = await registerUser(t);
    const jobId = await jobsOf.jobAt(customer, "delivered");
    expect(await itemsOf(customer)).toEqual([]);
    await uploadReport(customer, jobId);
    const [ready, ...rest] = await itemsOf(customer);
    expect(rest).toEqual([]);
    expect(ready).toMatchObject({
      kind: "deliverables",
      jobId,
      reports: 1,
      media: 0,
      sentence: "Your deliverables are ready: 1 report.",
      href: `/dashboard/jobs/${jobId}#deliverables-heading`,
    });
    expect((await jobsOf.patch(jobId, { status: "closed" })).statusCode).toBe(200);
    expect(await itemsOf(customer)).toEqual([]);
  });

  it("lists the most pressing first: the estimate to answer, the deposit, the invoice, the flight, then the deliverables", async () => {
    const customer = await registerUser(t);
    const delivered = await jobsOf.jobAt(customer, "delivered");
    await uploadReport(customer, delivered);
    await jobsOf.jobAt(customer, "scheduled");
    const { jobId: billed, estimateId } = await estimateFixture(t.database.db, { userId: customer.user.id, jobStatus: "delivered" });
    await invoiceFixture(t.database.db, { jobId: billed, estimateId });
    const { jobId: asked } = await jobsOf.requestQuote(customer);
    await estimatesOf.send(asked);
    expect((await itemsOf(customer)).map((item) => item.kind)).toEqual(["estimate", "deposit", "invoice", "flight", "deliverables"]);
  });

  it("?jobId= narrows to that job; another person's job has nothing, whoever asks", async () => {
    const customer = await registerUser(t);
    const other = await registerUser(t);
    const { jobId } = await jobsOf.requestQuote(customer);
    await estimatesOf.send(jobId);
    await jobsOf.jobAt(customer, "scheduled");
    expect((await itemsOf(customer)).length).toBe(2);
    expect((await itemsOf(customer, `?jobId=${jobId}`)).map((item) => [item.kind, item.jobId])).toEqual([["estimate", jobId]]);
    for (const stranger of [other, admin, pilot]) {
      expect(await itemsOf(stranger)).toEqual([]);
      expect(await itemsOf(stranger, `?jobId=${jobId}`)).toEqual([]);
    }
  });

  it("refuses a jobId that is not an id, naming the field", async () => {
    const customer = await registerUser(t);
    const res = await waiting(customer, "?jobId=abc");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ jobId: idMessage("jobId") });
  });
});
