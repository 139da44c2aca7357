import { beforeAll, describe, expect, it } from "vitest";
import { roleMessages } from "@common/auth";
import type { CustomerDetail, CustomerSummary } from "@common/contract/customers";
import { DEMO_CARDS } from "@common/payments";
import { registerUser, type TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests } from "../../testing/jobs";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";

describe("the back office's customers", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, bob: TestUser, pilot: TestUser, serviceId: number;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot"], (made) => {
    ({ t, serviceId, drive } = made);
    [admin, alice, bob, pilot] = made.users;
  });

  const get = (url: string, user?: TestUser) => drive.inject("GET", url, user);
  const list = async (query = "", user: TestUser = admin): Promise<CustomerSummary[]> => {
    const res = await get(`/api/admin/customers${query}`, user);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const detail = async (user: TestUser): Promise<CustomerDetail> => (await get(`/api/admin/customers/${user.user.id}`, admin)).json().data;
  const pay = async (customer: TestUser, dollars: number, cardNumber: string = DEMO_CARDS.success) => {
    const { clientSecret } = (await drive.inject("POST", "/api/create-payment-intent", customer, { amount: dollars, service: "Custom Service" })).json();
    return drive.inject("POST", "/api/demo-payments/confirm", customer, { clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" });
  };
  const upload = async (kind: "reports" | "media", owner: TestUser, jobId: number, title: string) => {
    const fields = { userId: String(owner.user.id), serviceId: String(serviceId), title, description: "Thermal pass", jobId: String(jobId) };
    const file =
      kind === "reports"
        ? { name: "report.pdf", type: "application/pdf", content: sampleFiles.pdf }
        : { name: "photo.png", type: "image/png", content: sampleFiles.png };
    const { payload, headers } = await multipartBody(fields, file);
    const res = await t.app.inject({ method: "POST", url: `/api/admin/${kind}`, payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode).toBe(201);
  };

  it("lets only admins call: 401 visitor, 403 the customer, another customer and a pilot", async () => {
    const expected = { visitor: 401, customer: 403, other: 403, pilot: 403, admin: 200 };
    const callers = { visitor: undefined, customer: alice, other: bob, pilot, admin };
    for (const url of ["/api/admin/customers", `/api/admin/customers/${alice.user.id}`]) {
      for (const [name, user] of Object.entries(callers)) {
        expect({ url, name, status: (await get(url, user)).statusCode }).toEqual({ url, name, status: expected[name as keyof typeof expected] });
      }
    }
  });

  describe("with some business done", () => {
    let quoteId: number, scheduledJob: number;
    beforeAll(async () => {
      ({ quoteId } = await drive.requestQuote(alice));
      scheduledJob = await drive.jobAt(alice, "scheduled");
      await drive.jobAt(alice, "cancelled");
      await drive.jobAt(alice, "closed");
      expect((await pay(alice, 75)).statusCode).toBe(200);
      expect((await pay(alice, 20)).statusCode).toBe(200);
      // Neither a declined card nor an attempt never submitted is money paid.
      await pay(alice, 500, DEMO_CARDS.declined);
      await drive.inject("POST", "/api/create-payment-intent", alice, { amount: 900, service: "Custom Service" });
      await upload("reports", alice, scheduledJob, "Held report");
      await upload("media", alice, scheduledJob, "Held photo");
    });

    it("counts each customer's jobs, open jobs and the money they paid, in cents", async () => {
      const rows = await list();
      expect(rows.find((row) => row.id === alice.user.id)).toMatchObject({
        username: alice.user.username,
        email: alice.user.email,
        role: "customer",
        jobCount: 4,
        openJobCount: 2,
        totalPaidCents: 9_500,
      });
      expect(rows.find((row) => row.id === bob.user.id)).toMatchObject({ jobCount: 0, openJobCount: 0, totalPaidCents: 0, lastActivityAt: bob.user.createdAt });
    });

    it("lists customers only unless asked for another role, and never a password", async () => {
      const customers = await list();
      expect(customers.map((row) => row.role)).toEqual(customers.map(() => "customer"));
      expect(customers.map((row) => row.id)).toEqual(expect.arrayContaining([alice.user.id, bob.user.id]));
      expect((await list("?role=pilot")).map((row) => row.id)).toEqual([pilot.user.id]);
      expect((await list("?role=admin")).map((row) => row.id)).toEqual([admin.user.id]);
      expect(JSON.stringify(customers)).not.toMatch(/password|hash/i);
    });

    it("puts the latest active first: a message the customer writes is activity", async () => {
      const carol = await registerUser(t);
      expect((await list())[0]!.id).toBe(carol.user.id);
      const written = await drive.inject("POST", `/api/jobs/${scheduledJob}/messages`, alice, { body: "Is the site access sorted?" });
      expect(written.statusCode).toBe(201);
      const rows = await list();
      expect(rows[0]).toMatchObject({ id: alice.user.id, lastActivityAt: written.json().data.createdAt });
      const times = rows.map((row) => Date.parse(row.lastActivityAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("shows an account with its jobs, deliverables held from the customer, quotes and payments", async () => {
      const account = await detail(alice);
      const adminJobs = (await get(`/api/admin/jobs?userId=${alice.user.id}`, admin)).json().data;
      expect(account).toMatchObject({ id: alice.user.id, jobCount: 4, openJobCount: 2, totalPaidCents: 9_500 });
      // Each job as the jobs list shows it, with its amounts: none of these jobs is priced.
      expect(account.jobs.map(({ amounts: _amounts, ...job }) => job)).toEqual(adminJobs);
      expect(account.jobs.map((job) => job.amounts.pricedBy)).toEqual(adminJobs.map(() => null));
      expect(account.quotes.map((quote) => quote.id)).toEqual([quoteId]);
      expect(account.payments).toEqual((await get("/api/payments", alice)).json().data);
      expect(account.payments.map((payment) => [payment.amount, payment.status])).toEqual([
        [50_000, "failed"],
        [2_000, "succeeded"],
        [7_500, "succeeded"],
      ]);
      // Held until the job is delivered: the admin sees them, the customer's own lists do not.
      expect(account.reports.map((report) => [report.title, report.jobId])).toEqual([["Held report", scheduledJob]]);
      expect(account.media.map((item) => [item.title, item.jobId])).toEqual([["Held photo", scheduledJob]]);
      expect((await get("/api/reports", alice)).json().data).toEqual([]);
      expect((await get("/api/media", alice)).json().data).toEqual([]);
    });

    it("keeps each account's business to itself", async () => {
      expect(await detail(bob)).toMatchObject({ id: bob.user.id, jobs: [], reports: [], media: [], quotes: [], payments: [], jobCount: 0, totalPaidCents: 0 });
    });

    it("shows staff accounts too", async () => {
      expect(await detail(pilot)).toMatchObject({ id: pilot.user.id, role: "pilot", jobs: [] });
    });
  });

  it("finds an account by username, first, last or full name, or e-mail, whatever the case", async () => {
    // Words with letters past "f": the other accounts' names end in random hex, which "ada" could be part of.
    const ada = await registerUser(t, {
      username: `engine-${Date.now()}`,
      firstName: "Augusta",
      lastName: "Lovelace",
      email: `countess-${Date.now()}@analytical.example`,
    });
    for (const q of ["LOVELACE", "augusta lovelace", "Analytical.EXAMPLE", ada.user.username.toUpperCase(), "  augusta  "]) {
      expect({ q, found: (await list(`?q=${encodeURIComponent(q)}`)).map((row) => row.id) }).toEqual({ q, found: [ada.user.id] });
    }
    // The search is words, not a pattern.
    expect(await list(`?q=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await list(`?q=${encodeURIComponent("Augusta_Lovelace")}`)).toEqual([]);
  });

  it("answers 404 for no such account", async () => {
    const res = await get("/api/admin/customers/999999", admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Customer not found");
  });

  it.each([
    ["/api/admin/customers?q=" + "x".repeat(201), "q", "q is at most 200 characters"],
    ["/api/admin/customers?role=owner", "role", roleMessages.role],
    ["/api/admin/customers/abc", "id", "id must be a whole number from 1 to 2147483647"],
    ["/api/admin/customers/0", "id", "id must be a whole number from 1 to 2147483647"],
  ])("refuses %s with 400 naming the field", async (url, field, message) => {
    const res = await get(url, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });
});
