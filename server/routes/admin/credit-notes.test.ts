import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreditNote, Invoice } from "@common/contract/invoices";
import type { JobDetail } from "@common/contract/jobs";
import { calendarDateIn } from "@common/calendar-date";
import { invoiceMessages } from "@common/invoices";
import { moneyMessages } from "@common/money";
import { creditNoteCounters, creditNotes, invoices } from "../../db/schema";
import { textOf } from "../../pdf/testing/poppler";
import { registerUser, type TestUser } from "../../testing/factories";
import { appWithSmtpPeerForTests } from "../../testing/mailed-app";
import { acceptedEstimate } from "../../testing/billing";
import type { SmtpPeer } from "../../testing/smtp-peer";
import type { TestApp } from "../../testing/test-app";

describe("POST /api/admin/invoices/:id/credit-notes, GET /api/admin/invoices/:id and the credit note's PDF", () => {
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
  const year = () => calendarDateIn("UTC").slice(0, 4);
  const call = (method: "GET" | "POST", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  /** `as`: the caller, admin by default; undefined is a visitor. */
  const credit = (invoiceId: number, payload: object, ...as: [TestUser?]) =>
    call("POST", `/api/admin/invoices/${invoiceId}/credit-notes`, as.length === 0 ? admin : as[0], payload);
  /** A delivered job's invoice of $2,273.25 ($2,100.00 before tax, $173.25 tax at 8.25 %), its 30 % deposit of $681.98 paid. */
  const invoiceFor = async (userId = customer.user.id, depositPercent = 30): Promise<Invoice> => {
    const { jobId } = await acceptedEstimate(db(), { userId, depositPercent });
    const res = await call("POST", "/api/admin/invoices", admin, { jobId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const credited = async (invoiceId: number, payload: object): Promise<{ creditNote: CreditNote; invoice: Invoice }> => {
    const res = await credit(invoiceId, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const notesOf = async (invoiceId: number) => (await db().select({ n: count() }).from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)))[0]!.n;
  const counter = async () => (await db().select().from(creditNoteCounters)).reduce((sum, row) => sum + row.lastSequence, 0);

  it("credits an amount before tax with tax at the invoice's rate, lowering the balance by the credit note's total", async () => {
    const invoice = await invoiceFor();
    const { creditNote, invoice: after } = await credited(invoice.id, { reason: "Two panels rows were not flown", amount: 10_000 });
    expect(creditNote).toMatchObject({
      invoiceId: invoice.id,
      reason: "Two panels rows were not flown",
      subtotal: 10_000,
      taxRateBasisPoints: 825,
      tax: 825,
      total: 10_825,
      lines: [{ position: 1, description: `Credit on invoice ${invoice.number}`, amount: 10_000 }],
    });
    expect(creditNote.number).toMatch(new RegExp(`^CN-${year()}-\\d{4}$`));
    expect(after).toMatchObject({ total: 227_325, credited: 10_825, paid: 68_198, balance: invoice.balance - 10_825, owedBack: 0, status: "open" });

    // Listed under the invoice for the admins and its customer, and the job's amounts tell the same story.
    for (const [url, user] of [
      [`/api/admin/invoices/${invoice.id}`, admin],
      [`/api/invoices/${invoice.id}`, customer],
    ] as const) {
      const res = await call("GET", url, user);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        credited: 10_825,
        balance: after.balance,
        creditNotes: [{ id: creditNote.id, number: creditNote.number, total: 10_825 }],
      });
    }
    const job = (await call("GET", `/api/jobs/${invoice.jobId}`, customer)).json().data as JobDetail;
    expect(job.amounts).toMatchObject({ total: 227_325, credited: 10_825, balance: after.balance });
    // Another invoice's job is not touched by this credit note.
    const untouched = await invoiceFor();
    const otherJob = (await call("GET", `/api/jobs/${untouched.jobId}`, customer)).json().data as JobDetail;
    expect(otherJob.amounts).toMatchObject({ total: 227_325, credited: 0, balance: untouched.balance });
  });

  it("credits lines, numbers credit notes one after the other in their own series, and refuses more than remains", async () => {
    const invoice = await invoiceFor();
    const first = await credited(invoice.id, { reason: "Re-priced", lines: [{ description: "Thermal inspection, 5 acres", amount: 22_500 }] });
    const second = await credited(invoice.id, { reason: "Map not needed", lines: [{ description: "Orthomosaic map", amount: 35_000 }] });
    expect(Number(second.creditNote.number.split("-")[2]) - Number(first.creditNote.number.split("-")[2])).toBe(1);
    expect(await counter()).toBe(Number(second.creditNote.number.split("-")[2]));
    // The invoice's number series goes on untouched.
    expect(invoice.number).not.toMatch(/^CN-/);

    // $2,100.00 − $225.00 − $350.00 = $1,525.00 remains before tax.
    const before = await counter();
    const tooMuch = await credit(invoice.id, { reason: "Everything", amount: 152_501 });
    expect([tooMuch.statusCode, tooMuch.json().errors]).toEqual([400, { amount: moneyMessages.creditAboveRemaining }]);
    const tooMuchLines = await credit(invoice.id, { reason: "Everything", lines: [{ description: "All", amount: 152_501 }] });
    expect([tooMuchLines.statusCode, tooMuchLines.json().errors]).toEqual([400, { lines: moneyMessages.creditAboveRemaining }]);
    expect([await notesOf(invoice.id), await counter()]).toEqual([2, before]);

    // What remains, credited at once, brings the credits to the invoice's total to the cent.
    const rest = await credited(invoice.id, { reason: "Job cancelled", amount: 152_500 });
    expect(first.creditNote.total + second.creditNote.total + rest.creditNote.total).toBe(227_325);
    // The deposit paid is now owed back, for the back office to refund.
    expect(rest.invoice).toMatchObject({ credited: 227_325, balance: 0, owedBack: 68_198, status: "paid" });
  });

  it("shows money paid beyond the credited total as owed back to the customer", async () => {
    const invoice = await invoiceFor(customer.user.id, 100);
    expect(invoice.status).toBe("paid");
    const { invoice: after } = await credited(invoice.id, { reason: "Goodwill", amount: 20_000 });
    expect(after).toMatchObject({ credited: 21_650, paid: 227_325, balance: 0, owedBack: 21_650, status: "paid" });
  });

  it("refuses bad input with 400 naming the field, a void invoice with 409 and a missing one with 404", async () => {
    const invoice = await invoiceFor();
    const cases: [object, Record<string, string>][] = [
      [{ reason: "", amount: 100 }, { reason: invoiceMessages.creditReason }],
      [{ reason: "Why", amount: 0 }, { amount: invoiceMessages.creditAmount }],
      [{ reason: "Why", amount: -100 }, { amount: invoiceMessages.creditAmount }],
      [{ reason: "Why" }, { amount: invoiceMessages.creditAmount }],
      [{ reason: "Why", amount: 100, lines: [{ description: "Line", amount: 100 }] }, { amount: invoiceMessages.creditLinesOrAmount }],
      [{ reason: "Why", lines: [{ description: "", amount: 100 }] }, { "lines.0.description": invoiceMessages.creditLineDescription }],
      [{ reason: "Why", lines: [{ description: "Line", amount: 1.5 }] }, { "lines.0.amount": invoiceMessages.creditAmount }],
    ];
    for (const [body, errors] of cases) {
      const res = await credit(invoice.id, body);
      expect([res.statusCode, res.json().errors], JSON.stringify(body)).toEqual([400, errors]);
    }
    await db().update(invoices).set({ status: "void" }).where(eq(invoices.id, invoice.id));
    const voided = await credit(invoice.id, { reason: "Why", amount: 100 });
    expect([voided.statusCode, voided.json().message]).toEqual([409, invoiceMessages.creditOnVoid]);
    expect((await credit(2_000_000, { reason: "Why", amount: 100 })).statusCode).toBe(404);
    expect(await notesOf(invoice.id)).toBe(0);
  });

  it("mails the credit note to the customer with its PDF, which names the seller, the buyer, both numbers, lines, tax, the total credited and the reason", async () => {
    const invoice = await invoiceFor();
    const { creditNote } = await credited(invoice.id, { reason: "Goodwill for the weather delay", amount: 10_000 });
    const find = () => smtp.inbox.find((mail) => mail.to === customer.user.email && mail.raw.includes(`Subject: Credit note ${creditNote.number} for invoice`));
    await expect.poll(() => find() !== undefined, { timeout: 5_000 }).toBe(true);
    const raw = find()!.raw;
    for (const expected of [
      "Credited: $108.25",
      `Balance due: $${((invoice.balance - 10_825) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
      "Content-Type: application/pdf",
    ])
      expect(raw).toContain(expected);
    const attachment = raw.split(`filename=credit-note-${creditNote.number}.pdf`)[1]!.split("\r\n\r\n")[1]!.split("\r\n--")[0]!;
    const fromMail = await textOf(Buffer.from(attachment, "base64"));

    const res = await call("GET", `/api/invoices/${invoice.id}/credit-notes/${creditNote.id}/pdf`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="credit-note-${creditNote.number}.pdf"`);
    const text = await textOf(res.rawPayload);
    for (const expected of [
      `Credit note ${creditNote.number} for invoice ${invoice.number}`,
      "CREDIT TO",
      customer.user.email,
      `Credit on invoice ${invoice.number} -$100.00`,
      "Tax (8.25%) -$8.25",
      "Total credited -$108.25",
      "Goodwill for the weather delay",
    ]) {
      expect(text).toContain(expected);
      expect(fromMail).toContain(expected);
    }
  });

  it("lets only admins read an invoice here and issue credit notes, and only the invoice's customer and admins read the PDF", async () => {
    const invoice = await invoiceFor();
    const { creditNote } = await credited(invoice.id, { reason: "Goodwill", amount: 100 });
    const callers = [undefined, customer, other, pilot, admin] as const;

    const reads = await Promise.all(callers.map(async (user) => (await call("GET", `/api/admin/invoices/${invoice.id}`, user)).statusCode));
    expect(reads).toEqual([401, 403, 403, 403, 200]);

    const issuing = await Promise.all(callers.map(async (user) => (await credit(invoice.id, { reason: "Goodwill", amount: 100 }, user)).statusCode));
    expect(issuing).toEqual([401, 403, 403, 403, 201]);
    expect(await notesOf(invoice.id)).toBe(2);

    const pdfUrl = `/api/invoices/${invoice.id}/credit-notes/${creditNote.id}/pdf`;
    const pdfs = await Promise.all(callers.map(async (user) => (await call("GET", pdfUrl, user)).statusCode));
    // A pilot, like another customer, is no party to the invoice: it is as missing to them (as the invoice's own PDF).
    expect(pdfs).toEqual([401, 200, 404, 404, 200]);
    // A credit note read through another invoice's address is as missing.
    const elsewhere = await invoiceFor();
    expect((await call("GET", `/api/invoices/${elsewhere.id}/credit-notes/${creditNote.id}/pdf`, admin)).statusCode).toBe(404);
  });
});
