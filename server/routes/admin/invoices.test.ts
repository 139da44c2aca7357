import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Invoice } from "@common/contract/invoices";
import { addDays, calendarDateIn } from "@common/calendar-date";
import { INVOICE_DUE_DAYS, invoiceMessages } from "@common/invoices";
import { moneyMessages } from "@common/money";
import { estimateMessages } from "@common/estimates";
import type { JobDetail } from "@common/contract/jobs";
import { invoiceAdjustments, invoiceCounters, invoiceLines, invoices, payments } from "../../db/schema";
import { textOf } from "../../pdf/testing/poppler";
import { registerUser, type TestUser } from "../../testing/factories";
import { appWithSmtpPeerForTests } from "../../testing/mailed-app";
import { acceptedEstimate, setJobStatus } from "../../testing/billing";
import type { SmtpPeer } from "../../testing/smtp-peer";
import type { TestApp } from "../../testing/test-app";

describe("POST /api/admin/invoices and POST /api/admin/invoices/:id/payments", () => {
  let smtp: SmtpPeer;
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, other: TestUser;
  appWithSmtpPeerForTests(
    ["admin", "customer", "pilot"],
    (peer) => ({ SMTP_URL: peer.url }),
    async (made) => {
      ({
        t,
        smtp,
        users: [admin, customer, pilot],
      } = made);
      other = await registerUser(t);
    },
  );

  const db = () => t.database.db;
  const today = () => calendarDateIn("UTC");
  const post = (url: string, payload: object, user?: TestUser) => t.app.inject({ method: "POST", url, headers: user ? { cookie: user.cookie } : {}, payload });
  /** `as`: the caller, admin by default; undefined is a visitor. */
  const issue = (payload: object, ...as: [TestUser?]) => post("/api/admin/invoices", payload, as.length === 0 ? admin : as[0]);
  const pay = (id: number, payload: object, ...as: [TestUser?]) => post(`/api/admin/invoices/${id}/payments`, payload, as.length === 0 ? admin : as[0]);
  const issued = async (jobId: number): Promise<Invoice> => {
    const res = await issue({ jobId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const counter = async () => (await db().select().from(invoiceCounters)).reduce((sum, row) => sum + row.lastSequence, 0);
  const invoicesOf = async (jobId: number) => (await db().select({ n: count() }).from(invoices).where(eq(invoices.jobId, jobId)))[0]!.n;

  it("issues the final invoice from the accepted estimate: the required line and the ticked option, discount, tax, and the paid 30 % deposit", async () => {
    const { jobId, estimateId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const invoice = await issued(jobId);
    expect(invoice).toMatchObject({
      jobId,
      estimateId,
      jobTitle: "Solar array thermal inspection",
      status: "open",
      customer: { id: customer.user.id, email: customer.user.email },
      issueDate: today(),
      dueDate: addDays(today(), INVOICE_DUE_DAYS),
      overdue: false,
      currency: "usd",
      subtotal: 215_000,
      discount: 5_000,
      taxRateBasisPoints: 825,
      tax: 17_325,
      total: 227_325,
      paid: 68_198,
      refunded: 0,
      balance: 159_127,
    });
    expect(invoice.number).toMatch(new RegExp(`^${today().slice(0, 4)}-\\d{4}$`));
    expect(
      invoice.lines.map(({ position, description, quantity, unit, unitPrice, amount }) => ({ position, description, quantity, unit, unitPrice, amount })),
    ).toEqual([
      { position: 1, description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, amount: 180_000 },
      { position: 2, description: "Orthomosaic map", quantity: 1, unit: "", unitPrice: 35_000, amount: 35_000 },
    ]);
    expect(invoice.payments).toMatchObject([{ kind: "deposit", amount: 68_198, method: "card", status: "succeeded", refunds: [] }]);
    const stored = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    expect(stored.map((line) => line.quantity).sort((a, b) => a - b)).toEqual([1_000, 40_000]);
  });

  it("mails the issued invoice to the customer at the SMTP peer, with the figures, the job's link and the PDF attached", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const invoice = await issued(jobId);
    const find = () => smtp.inbox.find((mail) => mail.to === customer.user.email && mail.raw.includes(`Subject: Invoice ${invoice.number} from`));
    await expect.poll(() => find() !== undefined, { timeout: 5_000 }).toBe(true);
    const raw = find()!.raw;
    for (const expected of [
      "Hello Test,",
      "Total: $2,273.25",
      "Paid: $681.98",
      "Balance due: $1,591.27",
      `/dashboard/jobs/${jobId}`,
      "Content-Type: application/pdf",
    ])
      expect(raw).toContain(expected);
    const attachment = raw.split(`filename=invoice-${invoice.number}.pdf`)[1]!.split("\r\n\r\n")[1]!.split("\r\n--")[0]!;
    const text = await textOf(Buffer.from(attachment, "base64"));
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain("Balance due $1,591.27");
  });

  it("numbers invoices issued at once one after the other, without a gap", async () => {
    const jobs = await Promise.all([1, 2, 3].map(() => acceptedEstimate(db(), { userId: customer.user.id })));
    const answers = await Promise.all(jobs.map(({ jobId }) => issue({ jobId })));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const sequences = answers.map((res) => Number((res.json().data as Invoice).number.split("-")[1])).sort((a, b) => a - b);
    expect(sequences[1]! - sequences[0]!).toBe(1);
    expect(sequences[2]! - sequences[1]!).toBe(1);
    expect(sequences[2]).toBe(await counter());
  });

  it("refuses a job not delivered yet, one without an accepted estimate, and a second live invoice (409), storing nothing", async () => {
    const scheduled = await acceptedEstimate(db(), { userId: customer.user.id, jobStatus: "scheduled" });
    const unanswered = await acceptedEstimate(db(), { userId: customer.user.id, unanswered: true });
    const before = await counter();
    const notDelivered = await issue({ jobId: scheduled.jobId });
    expect([notDelivered.statusCode, notDelivered.json().message]).toEqual([409, invoiceMessages.notDelivered]);
    const noEstimate = await issue({ jobId: unanswered.jobId });
    expect([noEstimate.statusCode, noEstimate.json().message]).toEqual([409, invoiceMessages.nothingToInvoice]);
    expect([await invoicesOf(scheduled.jobId), await invoicesOf(unanswered.jobId), await counter()]).toEqual([0, 0, before]);

    await setJobStatus(db(), scheduled.jobId, "closed");
    await issued(scheduled.jobId);
    const second = await issue({ jobId: scheduled.jobId });
    expect([second.statusCode, second.json().message]).toEqual([409, invoiceMessages.alreadyInvoiced]);
    expect(await invoicesOf(scheduled.jobId)).toBe(1);
  });

  it("refuses a due date before the issue date under errors.dueDate, with no row stored and no number taken", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const before = await counter();
    const res = await issue({ jobId, dueDate: addDays(today(), -1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ dueDate: invoiceMessages.dueBeforeIssue });
    expect([await invoicesOf(jobId), await counter()]).toEqual([0, before]);

    const onTheDay = await issue({ jobId, dueDate: today() });
    expect([onTheDay.statusCode, onTheDay.json().data.dueDate]).toEqual([201, today()]);
  });

  it("issues an invoice paid at once when the deposit was the whole total", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id, depositPercent: 100 });
    const invoice = await issued(jobId);
    expect([invoice.status, invoice.paid, invoice.balance]).toEqual(["paid", 227_325, 0]);
  });

  it("records an offline payment: more than the balance is refused, a bank transfer of the balance settles the invoice, a paid invoice takes no more", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const invoice = await issued(jobId);

    const tooMuch = await pay(invoice.id, { amount: 159_128, method: "bank_transfer" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ amount: invoiceMessages.amountAboveBalance });
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toEqual([]);

    const part = await pay(invoice.id, { amount: 59_127, method: "cheque", reference: "CHQ 1002", receivedOn: addDays(today(), -2) });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ status: "open", paid: 127_325, balance: 100_000 });

    const rest = await pay(invoice.id, { amount: 100_000, method: "bank_transfer", reference: "TRF 88412" });
    expect(rest.statusCode, rest.body).toBe(201);
    const settled: Invoice = rest.json().data;
    expect([settled.status, settled.paid, settled.balance]).toEqual(["paid", 227_325, 0]);
    // Oldest first: the cheque arrived two days before the deposit was paid.
    expect(settled.payments.map(({ kind, method, amount, reference }) => ({ kind, method, amount, reference }))).toEqual([
      { kind: "invoice", method: "cheque", amount: 59_127, reference: "CHQ 1002" },
      { kind: "deposit", method: "card", amount: 68_198, reference: expect.stringMatching(/^demo_pi_/) },
      { kind: "invoice", method: "bank_transfer", amount: 100_000, reference: "TRF 88412" },
    ]);
    const stored = await db().select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(
      stored.every((payment) => payment.provider === "offline" && payment.status === "succeeded" && /^offline_[0-9a-f-]{36}$/.test(payment.providerPaymentId)),
    ).toBe(true);
    expect(calendarDateIn("UTC", stored.find((payment) => payment.method === "cheque")!.createdAt)).toBe(addDays(today(), -2));

    // A receipt per payment reaches the customer (what it says is server/payments/receipt-mails.ts's to test).
    const receipts = () => smtp.inbox.filter((mail) => mail.to === customer.user.email && /^Subject: Receipt for/m.test(mail.raw)).length;
    await expect.poll(receipts, { timeout: 5_000 }).toBe(2);

    const again = await pay(invoice.id, { amount: 1, method: "cash" });
    expect([again.statusCode, again.json().message]).toEqual([409, invoiceMessages.paid]);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(2);
  });

  it("refuses a void invoice (409) and a missing one (404)", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const invoice = await issued(jobId);
    await db().update(invoices).set({ status: "void" }).where(eq(invoices.id, invoice.id));
    const voided = await pay(invoice.id, { amount: 100, method: "cash" });
    expect([voided.statusCode, voided.json().message]).toEqual([409, invoiceMessages.void]);
    expect((await pay(2_000_000, { amount: 100, method: "cash" })).statusCode).toBe(404);
  });

  it("lets only admins issue and record payments: a visitor 401, a customer and a pilot 403, nothing stored", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const refusals = await Promise.all([undefined, customer, other, pilot].map(async (user) => (await issue({ jobId }, user)).statusCode));
    expect(refusals).toEqual([401, 403, 403, 403]);
    expect(await invoicesOf(jobId)).toBe(0);

    const invoice = await issued(jobId);
    const paying = await Promise.all(
      [undefined, customer, other, pilot].map(async (user) => (await pay(invoice.id, { amount: 100, method: "cash" }, user)).statusCode),
    );
    expect(paying).toEqual([401, 403, 403, 403]);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toEqual([]);
  });
  const EXTRA = { description: "Re-flight of the east block", quantity: 2.5, unit: "acre", unitPrice: 4_500 };
  const GOODWILL = { description: "Goodwill credit", amount: -10_000 };

  it("bills extra lines at the invoice's tax rate and a goodwill credit before tax, storing which lines were extra", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const res = await issue({ jobId, extraLines: [EXTRA], adjustments: [GOODWILL] });
    expect(res.statusCode, res.body).toBe(201);
    const invoice: Invoice = res.json().data;
    // $2,150.00 + 2.5 × $45.00, less the $50.00 discount and the $100.00 credit: $2,112.50, and 8.25 % tax of $174.28.
    expect(invoice).toMatchObject({
      subtotal: 226_250,
      discount: 5_000,
      adjustmentsTotal: -10_000,
      tax: 17_428,
      total: 228_678,
      paid: 68_198,
      balance: 160_480,
    });
    expect(invoice.lines.map(({ description, source, amount }) => [description, source, amount])).toEqual([
      ["Thermal inspection", "estimate", 180_000],
      ["Orthomosaic map", "estimate", 35_000],
      [EXTRA.description, "extra", 11_250],
    ]);
    expect(invoice.adjustments).toEqual([{ id: expect.any(Number), ...GOODWILL }]);
    const stored = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    expect(stored.find((line) => line.source === "extra")).toMatchObject({ quantity: 2_500, unit: "acre", amount: 11_250 });
    expect(await db().select().from(invoiceAdjustments).where(eq(invoiceAdjustments.invoiceId, invoice.id))).toHaveLength(1);

    // One story: the job's total is the invoice's, on the job page of the customer and of the back office, and in the PDF.
    for (const user of [customer, admin]) {
      const job = (await t.app.inject({ method: "GET", url: `/api/jobs/${jobId}`, headers: { cookie: user.cookie } })).json().data as JobDetail;
      expect(job.amounts).toMatchObject({ pricedBy: "invoice", total: 228_678, paid: 68_198, balance: 160_480 });
    }
    const pdf = await t.app.inject({ method: "GET", url: `/api/invoices/${invoice.id}/pdf`, headers: { cookie: customer.cookie } });
    const text = await textOf(pdf.rawPayload);
    for (const expected of [
      "Re-flight of the east block 2.5 acre $45.00 $112.50",
      "Extra work, beyond the estimate",
      "Goodwill credit -$100.00",
      "Total $2,286.78",
      "Balance due $1,604.80",
    ])
      expect(text).toContain(expected);
  });

  it("keeps SPEC's call unchanged: without extra lines or adjustments the invoice is the accepted estimate", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const invoice = await issued(jobId);
    expect(invoice).toMatchObject({ total: 227_325, adjustments: [], adjustmentsTotal: 0, credited: 0, creditNotes: [] });
    expect(invoice.lines.every((line) => line.source === "estimate")).toBe(true);
  });

  it("refuses bad extra lines and adjustments with 400 naming the field, storing nothing and taking no number", async () => {
    const { jobId } = await acceptedEstimate(db(), { userId: customer.user.id });
    const before = await counter();
    const cases: [object, Record<string, string>][] = [
      [{ extraLines: [{ ...EXTRA, description: "" }] }, { "extraLines.0.description": estimateMessages.description }],
      [{ extraLines: [{ ...EXTRA, quantity: -1 }] }, { "extraLines.0.quantity": estimateMessages.quantity }],
      [{ extraLines: [{ ...EXTRA, unitPrice: -5 }] }, { "extraLines.0.unitPrice": estimateMessages.unitPrice }],
      [{ adjustments: [{ ...GOODWILL, description: " " }] }, { "adjustments.0.description": invoiceMessages.adjustmentDescription }],
      [{ adjustments: [{ ...GOODWILL, amount: 0 }] }, { "adjustments.0.amount": invoiceMessages.adjustmentAmount }],
      [{ adjustments: [{ ...GOODWILL, amount: -210_001 }] }, { adjustments: moneyMessages.adjustmentsBelowZero }],
      [{ extraLines: [{ ...EXTRA, quantity: 1, unitPrice: 99_999_999 }] }, { extraLines: moneyMessages.invoiceTotalMax }],
    ];
    for (const [body, errors] of cases) {
      const res = await issue({ jobId, ...body });
      expect([res.statusCode, res.json().errors], JSON.stringify(body)).toEqual([400, errors]);
    }
    expect([await invoicesOf(jobId), await counter()]).toEqual([0, before]);
  });
});
