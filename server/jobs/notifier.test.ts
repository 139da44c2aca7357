import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "@common/money";
import { DECLINE_REASON_LEAD, QUOTE_DECLINED_NOTE } from "@common/quote-statuses";
import { createAdmin, registerUser, type TestUser } from "../testing/factories";
import { postQuoteRequest } from "../testing/jobs";
import { multipartBody, sampleFiles } from "../testing/multipart";
import { startSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";

describe("notification mails", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    [admin, customer] = await Promise.all([createAdmin(t), registerUser(t, { firstName: "Katherine" })]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = (address: string, subject: RegExp) =>
    expect.poll(() => smtp.inbox.some((mail) => mail.to === address && subject.test(mail.raw)), { timeout: 5_000 }).toBe(true);

  it("tells admins of a new inquiry", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Dot Vaughan", email: "dot@example.com", phone: "5550102024", service: "agriculture", message: "Can you map our orchard?" },
    });
    await mailTo(admin.user.email, /New inquiry from Dot Vaughan/);
  });

  it("tells the customer a report was delivered", async () => {
    const { payload, headers } = await multipartBody(
      { userId: String(customer.user.id), serviceId: "1", title: "Orchard NDVI", description: "Map" },
      { name: "r.pdf", type: "application/pdf", content: sampleFiles.pdf },
    );
    const res = await t.app.inject({ method: "POST", url: "/api/admin/reports", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode).toBe(201);
    await mailTo(customer.user.email, /New report from SkyVantage: Orchard NDVI/);
  });

  it("tells the customer their quote changed status, and admins of the request", async () => {
    const created = await postQuoteRequest(t, customer, { serviceType: "mapping", description: "Quarry survey" }, "Katherine");
    await mailTo(admin.user.email, /New quote request/);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/quotes/${created.json().data.quoteId}`,
      headers: { cookie: admin.cookie },
      payload: { status: "accepted", price: 90_000 },
    });
    expect(res.statusCode).toBe(200);
    await mailTo(customer.user.email, /Your mapping quote request is accepted/);
  });

  it("names an accepted quote's price as its screens write it, from the job's amounts", async () => {
    const created = await postQuoteRequest(t, customer, { serviceType: "thermal", description: "Roof survey" }, "Katherine");
    const { quoteId, jobId } = created.json().data as { quoteId: number; jobId: number };
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/quotes/${quoteId}`,
      headers: { cookie: admin.cookie },
      payload: { status: "accepted", price: 240_000 },
    });
    expect(res.statusCode).toBe(200);
    await mailTo(customer.user.email, /Your thermal quote request is accepted/);
    const job = await t.app.inject({ method: "GET", url: `/api/jobs/${jobId}`, headers: { cookie: customer.cookie } });
    const { acceptedTotal } = job.json().data.amounts as { acceptedTotal: number };
    const mail = smtp.inbox.find((sent) => /Your thermal quote request is accepted/.test(sent.raw))!;
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(`The quoted price is ${formatMoney(acceptedTotal, "USD")}.`);
    expect(formatMoney(acceptedTotal, "USD")).toBe("$2,400.00");
  });

  it("tells the customer of a decline politely, with the reason the admin gave", async () => {
    const created = await postQuoteRequest(t, customer, { serviceType: "inspection", description: "Bridge survey" }, "Katherine");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/quotes/${created.json().data.quoteId}`,
      headers: { cookie: admin.cookie },
      payload: { status: "declined", reason: "Our pilots are fully booked until June." },
    });
    expect(res.statusCode).toBe(200);
    await mailTo(customer.user.email, /Your inspection quote request is declined/);
    const mail = smtp.inbox.find((sent) => /Your inspection quote request is declined/.test(sent.raw))!;
    const text = mail.raw.replace(/=\r?\n/g, "");
    expect(text).toContain(QUOTE_DECLINED_NOTE);
    expect(text).toContain(`${DECLINE_REASON_LEAD} Our pilots are fully booked until June.`);
  });
});

describe("when mail fails", () => {
  it("the request that caused it still succeeds", async () => {
    const t = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      await createAdmin(t);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { name: "Mary Jackson", email: "mary@example.com", phone: "5550102024", service: "solar", message: "Please call me back today." },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
