import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminOverview } from "@common/contract/overview";
import type { AdminQuote } from "@common/contract/quotes";
import { estimates, invoices, payments } from "../../db/schema";
import { backOfficeOverview } from "../../follow-up/back-office-overview";
import { estimateFixture, invoiceFixture } from "../../testing/billing";
import { ESTIMATE_ENV } from "../../testing/estimates";
import type { TestUser } from "../../testing/factories";
import { deliveredJobIn, jobDriver, type JobDriver, jobsAppForTests, windowOf } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const CHICAGO = ESTIMATE_ENV.BUSINESS_TIME_ZONE;

/** A hot spot whose ΔT of 25 °C makes it critical, or one of 5 °C, minor. */
const hotSpot = (deltaT: number) => ({ class: "hot_spot", lat: 48.8571, lon: 2.3512, locator: "Block B", maxTemp: 40 + deltaT, refTemp: 40, deltaT });

describe("GET /api/admin/overview: the back office's home", () => {
  let t: TestApp, admin: TestUser, pilot: TestUser, customer: TestUser, otherCustomer: TestUser, secondPilot: TestUser;
  let drive: JobDriver;
  /** What the scene below made, by figure. */
  const made = {
    firstQuoteId: 0,
    soonFlights: [] as { jobId: number; pilotId: number }[],
    laterFlight: 0,
    criticalJob: 0,
    sentEstimate: 0,
  };

  const overview = (user?: TestUser) => t.app.inject({ method: "GET", url: "/api/admin/overview", headers: user ? { cookie: user.cookie } : {} });
  const figures = async (): Promise<AdminOverview> => {
    const res = await overview(admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const payDeposit = async (payer: TestUser, estimateId: number) => {
    const started = await t.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { cookie: payer.cookie },
      payload: { service: "Deposit", estimateId },
    });
    expect(started.statusCode, started.body).toBe(200);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/demo-payments/confirm",
      headers: { cookie: payer.cookie },
      payload: { clientSecret: started.json().clientSecret, ...GOOD_CARD },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  };

  jobsAppForTests(["admin", "pilot", "customer", "customer", "pilot"], { ...ESTIMATE_ENV, RATE_LIMIT_PAYMENT_MAX: "1000" }, async (app) => {
    ({ t, drive } = app);
    [admin, pilot, customer, otherCustomer, secondPilot] = app.users;
    const db = t.database.db;

    // Two quote requests waiting for an answer, and one answered.
    made.firstQuoteId = (await drive.requestQuote(customer)).quoteId;
    await drive.requestQuote(otherCustomer);
    const answered = await drive.requestQuote(otherCustomer);
    expect((await drive.inject("PATCH", `/api/admin/quotes/${answered.quoteId}`, admin, { status: "declined" })).statusCode).toBe(200);

    // Estimates: one sent and waiting, one sent but expired, one accepted (its deposit paid by card today).
    made.sentEstimate = (await estimateFixture(db, { userId: customer.user.id, status: "sent", total: 120_000 })).estimateId;
    const expired = await estimateFixture(db, { userId: customer.user.id, status: "sent", total: 70_000 });
    await db.update(estimates).set({ validUntil: "2020-01-31" }).where(eq(estimates.id, expired.estimateId));
    const accepted = await estimateFixture(db, { userId: customer.user.id, deposit: 30_000 });
    await payDeposit(customer, accepted.estimateId);

    // Invoices: one due in 2099 with 200.00 of its 800.00 paid, one past due (the fixture's 31 March 2026), one void.
    const later = await estimateFixture(db, { userId: customer.user.id, deposit: 0, jobStatus: "delivered" });
    const dueLater = await invoiceFixture(db, { jobId: later.jobId, total: 80_000 });
    await db.update(invoices).set({ dueDate: "2099-12-31" }).where(eq(invoices.id, dueLater.id));
    const paidPart = await drive.inject("POST", `/api/admin/invoices/${dueLater.id}/payments`, admin, { amount: 20_000, method: "bank_transfer" });
    expect(paidPart.statusCode, paidPart.body).toBe(201);
    const late = await estimateFixture(db, { userId: otherCustomer.user.id, deposit: 0, jobStatus: "delivered" });
    await invoiceFixture(db, { jobId: late.jobId, total: 50_000 });
    const voided = await estimateFixture(db, { userId: otherCustomer.user.id, deposit: 0, jobStatus: "delivered" });
    await invoiceFixture(db, { jobId: voided.jobId, total: 90_000, status: "void" });

    // Flights: two of the first pilot's and one of the second's within 7 days, one of the first's in 10 days.
    const secondDrive = jobDriver(t, admin, secondPilot, app.serviceId);
    const first = await drive.jobAt(customer, "scheduled");
    const second = await secondDrive.jobAt(otherCustomer, "scheduled");
    const third = await drive.jobAt(otherCustomer, "scheduled");
    expect(
      (await drive.patch(third, { status: "scheduled", ...windowOf(5), timeZone: "Europe/Paris", pilotId: pilot.user.id, reason: "Later" })).statusCode,
    ).toBe(200);
    made.laterFlight = await drive.jobAt(customer, "scheduled");
    expect(
      (await drive.patch(made.laterFlight, { status: "scheduled", ...windowOf(10), timeZone: "Europe/Paris", pilotId: pilot.user.id, reason: "Later" }))
        .statusCode,
    ).toBe(200);
    made.soonFlights = [
      { jobId: first, pilotId: pilot.user.id },
      { jobId: second, pilotId: secondPilot.user.id },
      { jobId: third, pilotId: pilot.user.id },
    ];

    // Jobs waiting: one flown, two processing.
    await drive.jobAt(customer, "flown");
    await drive.jobAt(customer, "processing");
    await drive.jobAt(otherCustomer, "processing");

    // Findings on a delivered solar job: two critical and open, one critical with a repair planned, one minor.
    const solar = await deliveredJobIn("solar", t, admin, pilot, customer);
    made.criticalJob = solar.jobId;
    const addFinding = async (deltaT: number) => {
      const res = await drive.inject("POST", `/api/admin/jobs/${solar.jobId}/findings`, admin, hotSpot(deltaT));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    await addFinding(25);
    await addFinding(30);
    await addFinding(5);
    const planned = await addFinding(22);
    expect((await drive.inject("PATCH", `/api/admin/findings/${planned}`, admin, { status: "repair_planned" })).statusCode).toBe(200);
  });

  it("answers 401 to a visitor, 403 to a customer, another customer and a pilot, 200 to an admin", async () => {
    expect((await overview()).statusCode).toBe(401);
    for (const refused of [customer, otherCustomer, pilot]) expect((await overview(refused)).statusCode).toBe(403);
    expect((await overview(admin)).statusCode).toBe(200);
  });

  it("counts the quote requests waiting for an answer, with the oldest's date, and leads to the Quotes tab", async () => {
    const { requests } = await figures();
    const pending = (await drive.inject("GET", "/api/admin/quotes?status=pending", admin)).json().data as AdminQuote[];
    expect(pending).toHaveLength(2);
    expect(requests).toEqual({ count: 2, oldest: pending.find((quote) => quote.id === made.firstQuoteId)!.createdAt, href: "/admin-dashboard?tab=quotes" });
  });

  it("counts the estimates sent and waiting for the customer at their totals, leaving out an expired and an accepted one", async () => {
    const { estimatesSent } = await figures();
    const sent = (await drive.inject("GET", `/api/estimates/${made.sentEstimate}`, admin)).json().data;
    expect(estimatesSent).toEqual({ count: 1, total: sent.total, href: "/admin-dashboard?tab=jobs" });
    expect(sent.total).toBe(120_000);
  });

  it("counts the money owed on open invoices by their balances, and the overdue part, leaving out a void invoice", async () => {
    const { owed, overdue, currency } = await figures();
    expect(currency).toBe("usd");
    expect(owed).toEqual({ count: 2, total: 60_000 + 50_000, href: "/admin-dashboard?tab=jobs" });
    expect(overdue).toEqual({ count: 1, total: 50_000, href: "/admin-dashboard?tab=jobs" });
  });

  it("reads an invoice overdue from the business's midnight ending its due day, not UTC's", async () => {
    const db = t.database.db;
    // 31 March 2026, 23:30 in Chicago (CDT, UTC−5), already 1 April in UTC: still due today.
    const lastEvening = await backOfficeOverview(db, admin.user, CHICAGO, "usd", new Date("2026-04-01T04:30:00Z"));
    expect(lastEvening.overdue).toMatchObject({ count: 0, total: 0 });
    // 1 April, 00:30 in Chicago.
    const nextMorning = await backOfficeOverview(db, admin.user, CHICAGO, "usd", new Date("2026-04-01T05:30:00Z"));
    expect(nextMorning.overdue).toMatchObject({ count: 1, total: 50_000 });
  });

  it("counts the deposits received this calendar month, leading to the Payments tab", async () => {
    const { deposits } = await figures();
    const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: CHICAGO, year: "numeric", month: "2-digit" }).format(new Date()).split("-");
    expect(deposits).toEqual({ month: `${year}-${month}`, count: 1, total: 30_000, href: "/admin-dashboard?tab=payments" });
  });

  it("counts a deposit in the business's calendar month of the moment it was paid, not UTC's", async () => {
    const db = t.database.db;
    const { estimateId } = await estimateFixture(db, { userId: customer.user.id, deposit: 40_000 });
    const paidAt = async (at: string, amount: number) =>
      db.insert(payments).values({
        userId: customer.user.id,
        description: "Deposit",
        amount,
        status: "succeeded",
        provider: "demo",
        providerPaymentId: `demo_${randomUUID()}`,
        estimateId,
        submittedAt: new Date(at),
        createdAt: new Date(at),
      });
    await paidAt("2026-03-01T05:30:00Z", 1_000); // 28 February, 23:30 in Chicago (CST, UTC−6).
    await paidAt("2026-03-01T06:30:00Z", 2_000); // 1 March, 00:30 in Chicago.
    await paidAt("2026-04-01T04:00:00Z", 4_000); // 31 March, 23:00 in Chicago (CDT, UTC−5).

    const endOfMarch = await backOfficeOverview(db, admin.user, CHICAGO, "usd", new Date("2026-04-01T04:30:00Z"));
    expect(endOfMarch.deposits).toMatchObject({ month: "2026-03", count: 2, total: 6_000 });
    const startOfApril = await backOfficeOverview(db, admin.user, CHICAGO, "usd", new Date("2026-04-01T05:30:00Z"));
    expect(startOfApril.deposits).toMatchObject({ month: "2026-04", count: 0, total: 0 });
    const february = await backOfficeOverview(db, admin.user, CHICAGO, "usd", new Date("2026-02-28T12:00:00Z"));
    expect(february.deposits).toMatchObject({ month: "2026-02", count: 1, total: 1_000 });
  });

  it("counts the jobs flown and processing, each leading to the board filtered by its state", async () => {
    const { jobsInProgress } = await figures();
    expect(jobsInProgress).toEqual({
      count: 3,
      href: "/admin-dashboard?tab=jobs",
      flown: { count: 1, href: "/admin-dashboard?tab=jobs&status=flown" },
      processing: { count: 2, href: "/admin-dashboard?tab=jobs&status=processing" },
    });
  });

  it("counts the critical findings still open, by job, leaving out a minor one and one with a repair planned", async () => {
    const { criticalFindings } = await figures();
    expect(criticalFindings).toEqual({
      count: 2,
      href: "/admin-dashboard?tab=jobs",
      jobs: [{ jobId: made.criticalJob, jobTitle: "Roof survey", count: 2, href: `/admin-dashboard/jobs/${made.criticalJob}` }],
    });
  });

  it("lists the flights of the next 7 days by pilot, soonest first, leaving out one in 10 days", async () => {
    const { flights } = await figures();
    expect(flights.count).toBe(3);
    expect(flights.href).toBe("/admin-dashboard?tab=calendar&view=week");
    const byPilot = flights.pilots.map((group) => [group.pilotId, group.flights.map((flight) => flight.jobId)]);
    const [first, second, third] = made.soonFlights;
    // Both of the first pilot's in 3 and 5 days; the second pilot's in 3 days, scheduled after the first's.
    expect(byPilot).toEqual([
      [pilot.user.id, [first!.jobId, third!.jobId]],
      [secondPilot.user.id, [second!.jobId]],
    ]);
    const job = await drive.read(first!.jobId);
    expect(flights.pilots[0]!.pilotName).toBe(job.pilotName);
    expect(flights.pilots[0]!.flights[0]).toEqual({
      jobId: first!.jobId,
      jobTitle: job.title,
      start: job.scheduledStart,
      end: job.scheduledEnd,
      timeZone: "Europe/Paris",
      href: `/admin-dashboard/jobs/${first!.jobId}`,
    });
    expect(flights.pilots.flatMap((group) => group.flights.map((flight) => flight.jobId))).not.toContain(made.laterFlight);
  });
});
