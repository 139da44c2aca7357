import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceMessages } from "@common/invoices";
import { paymentMessages } from "@common/checkout";
import type { JobDetail } from "@common/contract/jobs";
import { formatMoney } from "@common/money";
import { depositStanding } from "../billing/standing";
import { invoices, jobEvents, payments, refunds } from "../db/schema";
import { textOf } from "../pdf/testing/poppler";
import { readOutbox } from "../mail/outbox";
import { estimateFixture, invoiceFixture, offlinePayment } from "../testing/billing";
import { appWithUsersForTests, registerUser, type TestUser } from "../testing/factories";
import type { TestApp } from "../testing/test-app";

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" };

describe("paying deposits and invoices, receipts and refunds, with the demo provider", () => {
  let t: TestApp, admin: TestUser, pilot: TestUser;
  appWithUsersForTests(["admin", "pilot"], { RATE_LIMIT_PAYMENT_MAX: "1000" }, (made) => {
    t = made.t;
    [admin, pilot] = made.users;
  });

  const call = (method: "GET" | "POST", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const payFor = (user: TestUser, towards: { estimateId: number } | { invoiceId: number }) =>
    call("POST", "/api/create-payment-intent", user, { service: "Billing", ...towards });
  const confirm = (user: TestUser, clientSecret: string, card: object = GOOD_CARD) =>
    call("POST", "/api/demo-payments/confirm", user, { clientSecret, ...card });
  const paymentRow = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const invoiceStatus = async (id: number) => (await t.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]!.status;
  const receiptMails = async (address: string) => (await readOutbox(t.database.db)).filter((mail) => mail.to === address && mail.subject.startsWith("Receipt"));
  const refund = (paymentId: number, body: object, user: TestUser = admin) => call("POST", `/api/admin/payments/${paymentId}/refund`, user, body);

  /** The customer pays `towards` with the demo card: the succeeded payment's id. */
  async function paid(customer: TestUser, towards: { estimateId: number } | { invoiceId: number }): Promise<number> {
    const started = await payFor(customer, towards);
    expect(started.statusCode).toBe(200);
    expect((await confirm(customer, started.json().clientSecret)).statusCode).toBe(200);
    return started.json().paymentId as number;
  }

  /** A customer with an accepted estimate asking `deposit` cents of `total`, and its invoice of the whole total once asked for. */
  async function accepted(fixture: { total?: number; deposit?: number; revision?: number } = {}) {
    const customer = await registerUser(t);
    const { jobId, estimateId } = await estimateFixture(t.database.db, { userId: customer.user.id, ...fixture });
    return { customer, jobId, estimateId, invoice: () => invoiceFixture(t.database.db, { jobId, estimateId, total: fixture.total ?? 100_000 }) };
  }

  describe("an estimate's deposit", () => {
    it("charges what the estimate's deposit asks, whatever the browser sends, records it against the estimate and the job's history", async () => {
      const { customer, jobId, estimateId } = await accepted({ total: 232_738, deposit: 69_821 });
      const started = await call("POST", "/api/create-payment-intent", customer, { estimateId, amount: 1, service: "Anything" });
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({ amount: 698.21, service: `Deposit for Estimate #${jobId}`, provider: "demo" });
      expect(await paymentRow(started.json().paymentId)).toMatchObject({
        estimateId,
        invoiceId: null,
        amount: 69_821,
        description: `Deposit for Estimate #${jobId}`,
      });

      expect((await confirm(customer, started.json().clientSecret)).statusCode).toBe(200);
      expect(await depositStanding(t.database.db, estimateId)).toMatchObject({ due: 69_821, paid: 69_821, balance: 0 });
      const events = await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, jobId));
      expect(events.map((event) => [event.fromStatus, event.toStatus, event.note])).toEqual([["accepted", "accepted", "Deposit of $698.21 paid"]]);

      const again = await payFor(customer, { estimateId });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(paymentMessages.depositPaid);
    });

    it("names the revision of a revised estimate", async () => {
      const { customer, jobId, estimateId } = await accepted({ revision: 2 });
      expect((await payFor(customer, { estimateId })).json().service).toBe(`Deposit for Estimate #${jobId} (revision 2)`);
    });

    it("leaves the deposit due after a declined card, payable later with the same attempt", async () => {
      const { customer, estimateId } = await accepted();
      const started = (await payFor(customer, { estimateId })).json();
      expect((await confirm(customer, started.clientSecret, DECLINED_CARD)).statusCode).toBe(402);
      expect(await depositStanding(t.database.db, estimateId)).toMatchObject({ paid: 0, balance: 30_000 });
      const retried = (await payFor(customer, { estimateId })).json();
      expect(retried.paymentId).toBe(started.paymentId);
      expect((await confirm(customer, retried.clientSecret)).statusCode).toBe(200);
      expect(await depositStanding(t.database.db, estimateId)).toMatchObject({ paid: 30_000, balance: 0 });
    });

    it("refuses an estimate not accepted, one asking no deposit, and another customer's or an unknown one, making no attempt", async () => {
      const customer = await registerUser(t);
      const sent = await estimateFixture(t.database.db, { userId: customer.user.id, status: "sent" });
      const none = await estimateFixture(t.database.db, { userId: customer.user.id, deposit: 0 });
      const { estimateId: othersEstimate } = await accepted();
      const refusals = [
        [await payFor(customer, { estimateId: sent.estimateId }), 409, paymentMessages.estimateNotAccepted],
        [await payFor(customer, { estimateId: none.estimateId }), 409, paymentMessages.noDeposit],
        [await payFor(customer, { estimateId: othersEstimate }), 404, "Estimate not found"],
        [await payFor(customer, { estimateId: 999_999 }), 404, "Estimate not found"],
      ] as const;
      expect(refusals.map(([res]) => [res.statusCode, res.json().message])).toEqual(refusals.map(([, status, message]) => [status, message]));
      expect(await t.database.db.select().from(payments).where(eq(payments.userId, customer.user.id))).toEqual([]);
    });

    it("is paid by its customer alone: a visitor 401, an admin or a pilot finds no estimate or invoice of theirs (404)", async () => {
      const { jobId, estimateId } = await accepted();
      const { id: invoiceId } = await invoiceFixture(t.database.db, { jobId, total: 5_000 });
      for (const towards of [{ estimateId }, { invoiceId }]) {
        expect((await call("POST", "/api/create-payment-intent", undefined, { service: "Billing", ...towards })).statusCode).toBe(401);
        expect((await payFor(admin, towards)).statusCode).toBe(404);
        expect((await payFor(pilot, towards)).statusCode).toBe(404);
      }
      expect(await t.database.db.select().from(payments).where(eq(payments.estimateId, estimateId))).toEqual([]);
    });
  });

  describe("an invoice", () => {
    it("charges its balance (the deposit already counted) and is paid by it; a second payment is refused", async () => {
      const { customer, estimateId, invoice } = await accepted({ total: 232_738, deposit: 69_821 });
      await paid(customer, { estimateId });
      const { id, number } = await invoice();
      const started = await payFor(customer, { invoiceId: id });
      expect(started.json()).toMatchObject({ amount: 1629.17, service: `Invoice ${number}` });
      expect(await paymentRow(started.json().paymentId)).toMatchObject({ invoiceId: id, estimateId: null, amount: 162_917 });
      expect(await invoiceStatus(id)).toBe("open");

      expect((await confirm(customer, started.json().clientSecret)).statusCode).toBe(200);
      expect(await invoiceStatus(id)).toBe("paid");
      const second = await payFor(customer, { invoiceId: id });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(paymentMessages.invoiceNotPayable);
    });

    it("becomes paid when the deposit settles what an invoice made before it still asked", async () => {
      const { customer, jobId, estimateId } = await accepted({ total: 30_000, deposit: 30_000 });
      const { id } = await invoiceFixture(t.database.db, { jobId, estimateId, total: 30_000 });
      await paid(customer, { estimateId });
      expect(await invoiceStatus(id)).toBe("paid");
    });

    it("refuses a void invoice and another customer's", async () => {
      const { customer, jobId } = await accepted();
      const { id: voided } = await invoiceFixture(t.database.db, { jobId, status: "void" });
      const other = await accepted();
      const { id: othersInvoice } = await other.invoice();
      const refusedVoid = await payFor(customer, { invoiceId: voided });
      expect([refusedVoid.statusCode, refusedVoid.json().message]).toEqual([409, invoiceMessages.void]);
      const refusedOther = await payFor(customer, { invoiceId: othersInvoice });
      expect([refusedOther.statusCode, refusedOther.json().message]).toEqual([404, invoiceMessages.notFound]);
    });

    it("takes the money once when two tabs open and confirm at once", async () => {
      const { customer, invoice } = await accepted({ deposit: 0 });
      const { id } = await invoice();
      const tabs = await Promise.all([payFor(customer, { invoiceId: id }), payFor(customer, { invoiceId: id })]);
      expect(tabs.map((tab) => tab.statusCode)).toEqual([200, 200]);
      expect(tabs[1]!.json().paymentId).toBe(tabs[0]!.json().paymentId);
      const confirmed = await Promise.all(tabs.map((tab) => confirm(customer, tab.json().clientSecret)));
      expect(confirmed.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const succeeded = await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.invoiceId, id), eq(payments.status, "succeeded")));
      expect(succeeded.map((payment) => payment.amount)).toEqual([100_000]);
      expect(await invoiceStatus(id)).toBe("paid");
    });

    it("cancels a tab's attempt once the invoice was paid by other means, or what is owed changed", async () => {
      const { customer, invoice } = await accepted({ deposit: 0 });
      const { id } = await invoice();
      const stale = (await payFor(customer, { invoiceId: id })).json();
      // An admin records part of it as a bank transfer meanwhile: the open attempt would overpay.
      await offlinePayment(t.database.db, {
        userId: customer.user.id,
        amount: 40_000,
        method: "bank_transfer",
        providerPaymentId: `offline_${id}_a`,
        invoiceId: id,
      });
      const refused = await confirm(customer, stale.clientSecret);
      expect([refused.statusCode, refused.json().message]).toEqual([409, paymentMessages.paymentCanceled]);
      expect(await paymentRow(stale.paymentId)).toMatchObject({ status: "canceled" });

      const fresh = (await payFor(customer, { invoiceId: id })).json();
      expect(fresh).toMatchObject({ amount: 600 });
      await offlinePayment(t.database.db, { userId: customer.user.id, amount: 60_000, method: "cheque", providerPaymentId: `offline_${id}_b`, invoiceId: id });
      const submitted = await call("POST", `/api/payments/${fresh.paymentId}/submit`, customer);
      expect([submitted.statusCode, submitted.json().message]).toEqual([409, paymentMessages.invoiceNotPayable]);
      expect(await paymentRow(fresh.paymentId)).toMatchObject({ status: "canceled" });
    });
  });

  describe("receipts", () => {
    it("mails the receipt of a deposit and an invoice payment once, its PDF attached", async () => {
      const { customer, jobId, estimateId, invoice } = await accepted({ total: 232_738, deposit: 69_821 });
      const depositPayment = await paid(customer, { estimateId });
      const { id, number } = await invoice();
      const invoicePayment = await paid(customer, { invoiceId: id });
      const mails = await receiptMails(customer.user.email);
      expect(mails.map((mail) => [mail.subject, mail.attachments])).toEqual([
        [`Receipt for Invoice ${number}: $1,629.17`, [{ filename: `receipt-${invoicePayment}.pdf`, contentType: "application/pdf" }]],
        [`Receipt for Deposit for Estimate #${jobId}: $698.21`, [{ filename: `receipt-${depositPayment}.pdf`, contentType: "application/pdf" }]],
      ]);
      expect(mails[0]!.text).toContain(`Invoice ${number} is paid in full.`);
    });

    it("states the job's total, paid and balance in each receipt mail as the job's page does", async () => {
      const { customer, jobId, estimateId, invoice } = await accepted({ total: 232_738, deposit: 69_821 });
      const jobLine = async () => {
        const job = (await call("GET", `/api/jobs/${jobId}`, customer)).json().data as JobDetail;
        const money = (cents: number) => formatMoney(cents, job.amounts.currency.toUpperCase());
        return `${job.title}: total ${money(job.amounts.total!)}, paid ${money(job.amounts.paid)}, balance ${money(job.amounts.balance)}.`;
      };
      await paid(customer, { estimateId });
      const afterDeposit = await jobLine();
      expect(afterDeposit).toContain("total $2,327.38, paid $698.21, balance $1,629.17.");
      expect((await receiptMails(customer.user.email))[0]!.text).toContain(afterDeposit);
      await paid(customer, { invoiceId: (await invoice()).id });
      const afterInvoice = await jobLine();
      expect(afterInvoice).toContain("paid $2,327.38, balance $0.00.");
      expect((await receiptMails(customer.user.email))[0]!.text).toContain(afterInvoice);
    });

    it("answers the PDF to its customer and the admins; another customer 404, a visitor 401, an unpaid attempt 409", async () => {
      const { customer, estimateId, invoice } = await accepted({ total: 232_738, deposit: 69_821 });
      await paid(customer, { estimateId });
      const { id, number } = await invoice();
      const paymentId = await paid(customer, { invoiceId: id });
      const url = `/api/payments/${paymentId}/receipt`;
      const own = await call("GET", url, customer);
      expect(own.statusCode).toBe(200);
      expect(own.headers["content-type"]).toBe("application/pdf");
      const text = await textOf(own.rawPayload);
      for (const expected of [
        `Payment for Invoice ${number}`,
        "Amount paid $1,629.17",
        `Invoice ${number} total $2,327.38`,
        "Paid to date $2,327.38",
        "Balance due $0.00",
      ])
        expect(text).toContain(expected);
      expect((await call("GET", url, admin)).statusCode).toBe(200);
      expect((await call("GET", url, await registerUser(t))).statusCode).toBe(404);
      expect((await call("GET", url, pilot)).statusCode).toBe(404);
      expect((await call("GET", url)).statusCode).toBe(401);
      expect((await call("GET", "/api/payments/999999/receipt", admin)).statusCode).toBe(404);

      const another = await estimateFixture(t.database.db, { userId: customer.user.id });
      const open = (await payFor(customer, { estimateId: another.estimateId })).json();
      const unpaid = await call("GET", `/api/payments/${open.paymentId}/receipt`, customer);
      expect(unpaid.statusCode).toBe(409);
    });
  });

  it("names an offline payment by its method and the reference the admin typed, never our own id", async () => {
    const { customer, invoice } = await accepted({ deposit: 0 });
    const { id, number } = await invoice();
    const offlineId = await offlinePayment(t.database.db, {
      userId: customer.user.id,
      amount: 40_000,
      method: "bank_transfer",
      reference: "TR-0042",
      providerPaymentId: `offline_${id}_r`,
      invoiceId: id,
      submittedAt: new Date(),
    });
    const text = await textOf((await call("GET", `/api/payments/${offlineId}/receipt`, customer)).rawPayload);
    expect(text).toMatch(/Bank transfer TR-0042 \$400\.00/);
    expect(text).not.toContain(`offline_${id}_r`);
    expect(text).toContain(`Invoice ${number} total $1,000.00`);
    expect(text).toContain("Balance due $600.00");
  });

  describe("refunds", () => {
    it("gives back part, then the rest, of a card payment; the receipt lists them and the invoice stays paid", async () => {
      const { customer, invoice } = await accepted({ deposit: 0 });
      const { id } = await invoice();
      const paymentId = await paid(customer, { invoiceId: id });

      const part = await refund(paymentId, { amount: 2_500, reason: "Half a day of rain" });
      expect(part.statusCode).toBe(201);
      expect(part.json().data).toMatchObject({ paymentId, amount: 2_500, status: "succeeded", reason: "Half a day of rain", refundedAmount: 2_500 });
      const rest = await refund(paymentId, { amount: 97_500 });
      expect(rest.json().data).toMatchObject({ amount: 97_500, refundedAmount: 100_000, reason: "" });
      expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 100_000, status: "succeeded" });
      expect(await invoiceStatus(id)).toBe("paid");

      const listed = ((await call("GET", "/api/payments", customer)).json().data as { id: number; refundedAmount: number }[]).find(
        (row) => row.id === paymentId,
      );
      expect(listed?.refundedAmount).toBe(100_000);
      const text = await textOf((await call("GET", `/api/payments/${paymentId}/receipt`, customer)).rawPayload);
      expect(text).toContain("Receipt REFUNDED");
      expect(text).toContain("-$25.00");
      expect(text).toContain("Net paid $0.00");
    });

    it("refuses more than what is left, naming the amount, and changes nothing", async () => {
      const { customer, estimateId } = await accepted();
      const paymentId = await paid(customer, { estimateId });
      expect((await refund(paymentId, { amount: 10_000 })).statusCode).toBe(201);
      const over = await refund(paymentId, { amount: 20_001 });
      expect(over.statusCode).toBe(400);
      expect(over.json().errors).toEqual({ amount: invoiceMessages.refundAboveRefundable });
      const malformed = await refund(paymentId, { amount: 0 });
      expect([malformed.statusCode, malformed.json().errors]).toEqual([400, { amount: invoiceMessages.refundAmount }]);
      expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 10_000 });
      expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).toHaveLength(1);
    });

    it("never gives back more than the payment when two refunds arrive at once", async () => {
      const { customer, estimateId } = await accepted();
      const paymentId = await paid(customer, { estimateId });
      const both = await Promise.all([refund(paymentId, { amount: 20_000 }), refund(paymentId, { amount: 20_000 })]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([201, 400]);
      expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 20_000 });
    });

    it("refunds only a succeeded card payment (409), an unknown one is 404", async () => {
      const { customer, invoice } = await accepted({ deposit: 0 });
      const { id } = await invoice();
      const offlineId = await offlinePayment(t.database.db, {
        userId: customer.user.id,
        amount: 5_000,
        method: "cheque",
        providerPaymentId: `offline_${id}_c`,
        invoiceId: id,
      });
      const open = (await payFor(customer, { invoiceId: id })).json();
      for (const paymentId of [offlineId, open.paymentId]) {
        const refused = await refund(paymentId, { amount: 100 });
        expect([refused.statusCode, refused.json().message]).toEqual([409, invoiceMessages.refundNotCard]);
      }
      expect((await refund(999_999, { amount: 100 })).statusCode).toBe(404);
    });

    it("is the admins' alone: a visitor 401, a customer (even the payer) and a pilot 403", async () => {
      const { customer, estimateId } = await accepted();
      const paymentId = await paid(customer, { estimateId });
      expect((await call("POST", `/api/admin/payments/${paymentId}/refund`, undefined, { amount: 100 })).statusCode).toBe(401);
      expect((await refund(paymentId, { amount: 100 }, customer)).statusCode).toBe(403);
      expect((await refund(paymentId, { amount: 100 }, pilot)).statusCode).toBe(403);
      expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 0 });
    });
  });
});
