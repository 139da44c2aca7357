import { describe, expect, it } from "vitest";
import type { JobEvent } from "@common/contract/jobs";
import { addDays, calendarDateIn } from "@common/calendar-date";
import { JOB_STATUSES, JOB_TRANSITIONS, type JobStatus, jobMessages } from "@common/job-status";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { ESTIMATE_ENV, estimateDriver } from "../../testing/estimates";
import { paidDeposit } from "../../testing/billing";
import { registerUser, type TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests, jobsAppWithMail, LEGAL_MOVES, moveBody, windowOf } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

/** requested → accepted is legal, but made by approving the quote (a requested job is always a quote's): tested under "quotes and their jobs". */
const PATCHED_MOVES = LEGAL_MOVES.filter(([from, to]) => !(from === "requested" && to === "accepted"));
const ILLEGAL_MOVES = JOB_STATUSES.flatMap((from) =>
  JOB_STATUSES.filter((to) => !JOB_TRANSITIONS[from].includes(to)).map((to) => [from, to] as [JobStatus, JobStatus]),
);

describe("jobs in the back office", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, serviceId: number;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "pilot"], (made) => {
    ({ t, serviceId, drive } = made);
    [admin, customer, pilot] = made.users;
  });

  const read = (id: number) => drive.read(id);
  const createPilot = async () => {
    const made = await registerUser(t);
    await t.database.db.update(users).set({ role: "pilot" }).where(eq(users.id, made.user.id));
    return made;
  };

  describe("the state machine", () => {
    it.each(PATCHED_MOVES)("moves %s → %s and records the event", async (from, to) => {
      const id = await drive.jobAt(customer, from);
      const before = await read(id);
      const res = await drive.patch(id, moveBody(to, pilot.user.id));
      expect(res.statusCode).toBe(200);
      const job = res.json().data;
      expect(job.status).toBe(to);
      expect(job.events).toHaveLength(before.events.length + 1);
      // A reschedule keeps the state: it is told as one, with no from (docs/decisions/0048-quote-and-job-life-cycles.md).
      expect(job.events.at(-1)).toMatchObject(
        from === to ? { kind: "rescheduled", from: null, to, by: admin.user.id } : { kind: "moved", from, to, by: admin.user.id },
      );
    });

    it.each(ILLEGAL_MOVES)("refuses %s → %s with 409 naming both states, changing nothing", async (from, to) => {
      const id = await drive.jobAt(customer, from);
      const before = await read(id);
      const res = await drive.patch(id, moveBody(to, pilot.user.id));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(jobMessages.illegalTransition(from, to));
      expect(await read(id)).toEqual(before);
    });
  });

  describe("what each move carries", () => {
    it("schedules with a window, a time zone and a pilot; a reschedule keeps the old window with its reason", async () => {
      const id = await drive.jobAt(customer, "accepted");
      const first = windowOf(2);
      expect((await drive.patch(id, { status: "scheduled", ...first, timeZone: "Europe/Paris", pilotId: pilot.user.id })).statusCode).toBe(200);
      const second = windowOf(5);
      const res = await drive.patch(id, { status: "scheduled", ...second, pilotId: pilot.user.id, reason: "Weather hold" });
      expect(res.statusCode).toBe(200);
      const job = res.json().data;
      expect(job).toMatchObject({ scheduledStart: second.scheduledStart, scheduledEnd: second.scheduledEnd, pilotId: pilot.user.id, pilotName: "Test Pilot" });
      const reschedule: JobEvent = job.events.at(-1);
      expect(reschedule).toMatchObject({
        kind: "rescheduled",
        from: null,
        to: "scheduled",
        note: "Weather hold",
        previousStart: first.scheduledStart,
        previousEnd: first.scheduledEnd,
      });
    });

    it("records the flight when marked flown, and the reason when cancelled", async () => {
      const flown = await drive.jobAt(customer, "flown");
      expect((await read(flown)).flight).toMatchObject({ flownOn: "2026-11-02", durationMinutes: 40, aircraft: "M30T", wind: "3 m/s", pilotId: pilot.user.id });
      const cancelled = await drive.jobAt(customer, "cancelled");
      expect(await read(cancelled)).toMatchObject({ status: "cancelled", cancelReason: "Site closed" });
    });

    it("refuses a flight dated after today at the site with 400 naming flight.flownOn, and takes today", async () => {
      const id = await drive.jobAt(customer, "scheduled");
      // moveBody schedules in Europe/Paris: the site's today, not the server's, is the limit.
      const today = calendarDateIn("Europe/Paris");
      const res = await drive.patch(id, { status: "flown", flight: { flownOn: addDays(today, 1) } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: jobMessages.flownInFuture, errors: { "flight.flownOn": jobMessages.flownInFuture } });
      expect((await read(id)).status).toBe("scheduled");
      expect((await drive.patch(id, { status: "flown", flight: { flownOn: today } })).statusCode).toBe(200);
    });

    it("dates the timeline's Flown by the flight record and a step passed over by the move past it", async () => {
      const id = await drive.jobAt(customer, "flown");
      expect((await drive.patch(id, { status: "delivered" })).statusCode).toBe(200);
      const job = await drive.read(id, customer);
      const delivered = job.events.find((event) => event.to === "delivered");
      const flownEvent = job.events.find((event) => event.to === "flown");
      const step = (name: string) => job.timeline.find((entry) => entry.step === name);
      expect(step("flown")).toEqual({ step: "flown", at: flownEvent?.at, on: "2026-11-02" });
      // flown → delivered skips processing: the job went past it when it was delivered.
      expect(step("processing")).toEqual({ step: "processing", at: delivered?.at, on: null });
      expect(step("delivered")?.at).toBe(delivered?.at);
      expect(step("closed")).toEqual({ step: "closed", at: null, on: null });
    });

    it("opens a job for a customer, accepted, with its site", async () => {
      const res = await drive.inject("POST", "/api/admin/jobs", admin, {
        userId: customer.user.id,
        serviceId,
        title: "Mast check",
        site: { name: "Hill", address: "", latitude: null, longitude: null },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: "Job opened",
        data: {
          status: "accepted",
          userId: customer.user.id,
          serviceId,
          title: "Mast check",
          site: { name: "Hill" },
          events: [{ from: null, to: "accepted" }],
        },
      });
    });
  });

  describe("bad input: a clear error naming the field, nothing changed", () => {
    it.each([
      [
        "a window that ends before it starts",
        (pilotId: number) => ({ status: "scheduled", scheduledStart: windowOf(3).scheduledEnd, scheduledEnd: windowOf(3).scheduledStart, pilotId }),
        "scheduledEnd",
        jobMessages.windowOrder,
      ],
      [
        "a window without its end",
        (pilotId: number) => ({ status: "scheduled", scheduledStart: windowOf(3).scheduledStart, pilotId }),
        "scheduledEnd",
        jobMessages.windowNeeded,
      ],
      ["a cancellation without a reason", () => ({ status: "cancelled" }), "reason", jobMessages.reasonNeeded],
      ["a status that does not exist", () => ({ status: "lost" }), "status", undefined],
    ] as const)("%s", async (_name, body, field, message) => {
      const id = await drive.jobAt(customer, "accepted");
      const before = await read(id);
      const res = await drive.patch(id, body(pilot.user.id));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toBe(message);
      expect(await read(id)).toEqual(before);
    });

    it("a pilot who is not staff", async () => {
      const id = await drive.jobAt(customer, "accepted");
      const before = await read(id);
      const res = await drive.patch(id, moveBody("scheduled", customer.user.id));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ pilotId: jobMessages.pilotNotStaff });
      expect(await read(id)).toEqual(before);
    });

    it("a reschedule without a reason", async () => {
      const id = await drive.jobAt(customer, "scheduled");
      const before = await read(id);
      const res = await drive.patch(id, { ...moveBody("scheduled", pilot.user.id), reason: "" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ reason: jobMessages.reasonNeeded });
      expect(await read(id)).toEqual(before);
    });

    it("a job for a customer or service that does not exist", async () => {
      const site = { name: "Depot" };
      const noCustomer = await drive.inject("POST", "/api/admin/jobs", admin, { userId: 999_999, serviceId, title: "X", site });
      expect(noCustomer.statusCode).toBe(400);
      expect(noCustomer.json().errors).toHaveProperty("userId");
      const noService = await drive.inject("POST", "/api/admin/jobs", admin, { userId: customer.user.id, serviceId: 999_999, title: "X", site });
      expect(noService.statusCode).toBe(400);
      expect(noService.json().errors).toHaveProperty("serviceId");
    });
  });

  describe("a pilot", () => {
    it("lists only the jobs assigned to them; an admin lists every job and filters", async () => {
      const mine = await drive.jobAt(customer, "scheduled");
      const unassigned = await drive.jobAt(customer, "accepted");
      const asPilot = (await drive.inject("GET", "/api/admin/jobs", pilot)).json().data.map((job: { id: number }) => job.id);
      expect(asPilot).toContain(mine);
      expect(asPilot).not.toContain(unassigned);
      const all = (await drive.inject("GET", "/api/admin/jobs", admin)).json().data.map((job: { id: number }) => job.id);
      expect(all).toEqual(expect.arrayContaining([mine, unassigned]));
      const scheduled = (await drive.inject("GET", "/api/admin/jobs?status=scheduled", admin)).json().data as { status: string }[];
      expect(scheduled.length).toBeGreaterThan(0);
      expect(scheduled.every((job) => job.status === "scheduled")).toBe(true);
      const byPilot = (await drive.inject("GET", `/api/admin/jobs?pilotId=${pilot.user.id}&q=roof`, admin)).json().data.map((job: { id: number }) => job.id);
      expect(byPilot).toContain(mine);
      expect(byPilot).not.toContain(unassigned);
    });

    it("moves their job scheduled → flown → processing → delivered, and nothing else", async () => {
      const id = await drive.jobAt(customer, "scheduled");
      for (const to of ["flown", "processing", "delivered"] as const) expect((await drive.patch(id, moveBody(to, pilot.user.id), pilot)).statusCode).toBe(200);
      expect((await drive.patch(id, moveBody("closed", pilot.user.id), pilot)).statusCode).toBe(403);
      const other = await drive.jobAt(customer, "scheduled");
      expect((await drive.patch(other, moveBody("cancelled", pilot.user.id), pilot)).statusCode).toBe(403);
      expect((await read(other)).status).toBe("scheduled");
    });

    it("cannot see or move a job not assigned to them (404)", async () => {
      const id = await drive.jobAt(customer, "accepted");
      expect((await drive.inject("GET", `/api/jobs/${id}`, pilot)).statusCode).toBe(404);
      expect((await drive.patch(id, moveBody("scheduled", pilot.user.id), pilot)).statusCode).toBe(404);
    });

    it("is refused with 403 everywhere else in the back office", async () => {
      for (const url of ["/api/admin/users", "/api/admin/quotes", "/api/admin/payments", "/api/admin/reports", "/api/contact"]) {
        expect({ url, status: (await drive.inject("GET", url, pilot)).statusCode }).toEqual({ url, status: 403 });
      }
      const open = await drive.inject("POST", "/api/admin/jobs", pilot, { userId: customer.user.id, serviceId, title: "X", site: { name: "Y" } });
      expect(open.statusCode).toBe(403);
    });
  });

  describe("quotes and their jobs", () => {
    const patchQuote = (id: number, payload: object) => drive.inject("PATCH", `/api/admin/quotes/${id}`, admin, payload);

    it("a quote request opens a requested job tied to it; approving accepts it", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      expect(await read(jobId)).toMatchObject({
        status: "requested",
        quoteId,
        userId: customer.user.id,
        serviceId: null,
        serviceName: "Solar Inspections",
        quote: { id: quoteId, status: "pending" },
      });
      expect((await patchQuote(quoteId, { status: "accepted", price: 90_000 })).statusCode).toBe(200);
      expect(await read(jobId)).toMatchObject({ status: "accepted", quote: { status: "accepted", price: 90_000 } });
    });

    it("declining the quote cancels its job with the reason", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      expect((await patchQuote(quoteId, { status: "declined" })).statusCode).toBe(200);
      expect(await read(jobId)).toMatchObject({ status: "cancelled", cancelReason: "Quote declined" });
    });

    it("a quote's job is accepted by approving the quote: accepting it from the job side while the quote is pending is a 409 naming status, nothing changed", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      const before = await read(jobId);
      const res = await drive.patch(jobId, { status: "accepted" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: jobMessages.approveQuoteFirst, errors: { status: jobMessages.approveQuoteFirst } });
      expect(await read(jobId)).toEqual(before);
      expect(before).toMatchObject({ status: "requested", quote: { id: quoteId, status: "pending" } });
    });

    it("cancelling a quote's job declines its pending quote in the same step, and the history says so", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      const res = await drive.patch(jobId, { status: "cancelled", reason: "Customer withdrew" });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: "cancelled", cancelReason: "Customer withdrew", quote: { id: quoteId, status: "declined" } });
      expect(res.json().data.events.at(-1)).toMatchObject({ from: "requested", to: "cancelled", note: "Customer withdrew — Quote declined" });
      const quotes = (await drive.inject("GET", "/api/quotes", customer)).json().data as { id: number; status: string }[];
      expect(quotes.find((quote) => quote.id === quoteId)?.status).toBe("declined");
      expect((await patchQuote(quoteId, { status: "accepted", price: 50_000 })).statusCode).toBe(409);
    });

    it("a cancellation refused leaves the pending quote as it was", async () => {
      const { quoteId, jobId } = await drive.requestQuote(customer);
      expect((await drive.patch(jobId, { status: "cancelled" })).statusCode).toBe(400);
      const pilotTry = await drive.patch(jobId, { status: "cancelled", reason: "Not mine" }, pilot);
      expect(pilotTry.statusCode).toBe(404);
      expect(await read(jobId)).toMatchObject({ status: "requested", quote: { id: quoteId, status: "pending" } });
    });

    it("closing the job marks its quote completed; completing the quote closes a delivered job", async () => {
      const first = await drive.requestQuote(customer);
      await patchQuote(first.quoteId, { status: "accepted", price: 50_000 });
      for (const to of ["scheduled", "flown", "processing", "delivered", "closed"] as const)
        expect((await drive.patch(first.jobId, moveBody(to, pilot.user.id))).statusCode).toBe(200);
      const quotes = (await drive.inject("GET", "/api/quotes", customer)).json().data as { id: number; status: string }[];
      expect(quotes.find((quote) => quote.id === first.quoteId)?.status).toBe("completed");

      const second = await drive.requestQuote(customer);
      await patchQuote(second.quoteId, { status: "accepted", price: 50_000 });
      for (const to of ["scheduled", "flown", "delivered"] as const)
        expect((await drive.patch(second.jobId, moveBody(to, pilot.user.id))).statusCode).toBe(200);
      expect((await patchQuote(second.quoteId, { status: "completed" })).statusCode).toBe(200);
      expect((await read(second.jobId)).status).toBe("closed");
    });
  });

  describe("the date filter of GET /api/admin/jobs", () => {
    const ids = async (query: string, user: TestUser = admin) => {
      const res = await drive.inject("GET", `/api/admin/jobs?${query}`, user);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { id: number }[]).map((job) => job.id);
    };
    /** A job scheduled to start at `start` (UTC), an hour long, flown by the pilot. */
    const scheduledAt = async (start: string) => {
      const id = await drive.jobAt(customer, "accepted");
      const end = new Date(Date.parse(start) + 3_600_000).toISOString();
      expect((await drive.patch(id, { status: "scheduled", scheduledStart: start, scheduledEnd: end, pilotId: pilot.user.id })).statusCode).toBe(200);
      return id;
    };

    it("keeps the jobs whose window starts on the days from → to (UTC); a job not scheduled drops out", async () => {
      const lateOnTenth = await scheduledAt("2031-03-10T23:30:00.000Z");
      const eleventh = await scheduledAt("2031-03-11T00:00:00.000Z");
      const lateOnTwelfth = await scheduledAt("2031-03-12T23:59:00.000Z");
      const thirteenth = await scheduledAt("2031-03-13T00:00:00.000Z");
      const unscheduled = await drive.jobAt(customer, "accepted");

      expect((await ids("from=2031-03-11&to=2031-03-12")).sort()).toEqual([eleventh, lateOnTwelfth].sort());
      expect(await ids("from=2031-03-11&to=2031-03-11")).toEqual([eleventh]);
      const fromEleventh = await ids("from=2031-03-11");
      expect(fromEleventh).toEqual(expect.arrayContaining([eleventh, lateOnTwelfth, thirteenth]));
      expect(fromEleventh).not.toContain(lateOnTenth);
      expect(fromEleventh).not.toContain(unscheduled);
      const toTenth = await ids("to=2031-03-10");
      expect(toTenth).toContain(lateOnTenth);
      expect(toTenth).not.toContain(eleventh);
      expect(toTenth).not.toContain(unscheduled);
      expect(await ids("")).toContain(unscheduled);
      // With the other filters, and for a pilot within their own jobs.
      expect(await ids(`from=2031-03-13&to=2031-03-13&status=scheduled&pilotId=${pilot.user.id}`)).toEqual([thirteenth]);
      expect(await ids("from=2031-03-13&to=2031-03-13", pilot)).toEqual([thirteenth]);
    });

    it.each([
      ["to before from", "from=2031-03-12&to=2031-03-11", "to"],
      ["a from that is not a date", "from=11%2F03%2F2031", "from"],
      ["a to that is not a day", "to=2031-02-30", "to"],
    ])("refuses %s with 400 naming the field", async (_name, query, field) => {
      const res = await drive.inject("GET", `/api/admin/jobs?${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    });
  });

  describe("PATCH /api/admin/jobs/:id/details", () => {
    const details = (id: number, payload: object, user?: TestUser) => drive.inject("PATCH", `/api/admin/jobs/${id}/details`, user, payload);
    const site = { name: "North field", address: "Route 9", latitude: 52.1, longitude: -1.5 };

    it("an admin only: a visitor 401; the customer, another customer and a pilot, assigned or not, 403; an unknown job 404", async () => {
      const other = await registerUser(t);
      const otherPilot = await createPilot();
      const id = await drive.jobAt(customer, "scheduled");
      const before = await read(id);
      const callers = { visitor: undefined, customer, other, pilot, otherPilot };
      const expected = { visitor: 401, customer: 403, other: 403, pilot: 403, otherPilot: 403 };
      for (const [name, user] of Object.entries(callers)) {
        const res = await details(id, { title: "Taken over" }, user);
        expect({ name, status: res.statusCode }).toEqual({ name, status: expected[name as keyof typeof expected] });
      }
      expect(await read(id)).toEqual(before);
      expect((await details(999_999, { title: "Nobody's" }, admin)).statusCode).toBe(404);
      expect((await details(id, { title: "Roof and mast survey" }, admin)).statusCode).toBe(200);
    });

    it("changes the title and the site, and records an event that keeps the state and names what changed", async () => {
      const id = await drive.jobAt(customer, "scheduled");
      const res = await details(id, { title: "Roof and mast survey", site }, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: "Job updated", data: { id, status: "scheduled", title: "Roof and mast survey", site } });
      expect(res.json().data.events.at(-1)).toMatchObject({
        kind: "noted",
        from: null,
        to: "scheduled",
        by: admin.user.id,
        note: "Title changed; Site changed: North field",
      });
      const moved = await details(id, { site: { name: "South field" } }, admin);
      expect(moved.json().data).toMatchObject({ title: "Roof and mast survey", site: { name: "South field", address: "", latitude: null, longitude: null } });
      expect(moved.json().data.events.at(-1)).toMatchObject({ kind: "noted", from: null, to: "scheduled", note: "Site changed: South field" });
      // The customer sees the new title and site on their job.
      expect(await drive.read(id, customer)).toMatchObject({ title: "Roof and mast survey", site: { name: "South field" } });
    });

    it("gives a quote request's job its site; the same details again change nothing and add no event", async () => {
      const { jobId } = await drive.requestQuote(customer);
      expect((await details(jobId, { site }, admin)).json().data).toMatchObject({
        status: "requested",
        site,
        events: [
          { kind: "opened", to: "requested" },
          { kind: "noted", from: null, to: "requested", note: "Site changed: North field" },
        ],
      });
      const before = await read(jobId);
      const again = await details(jobId, { site, title: before.title }, admin);
      expect(again.statusCode).toBe(200);
      expect(await read(jobId)).toEqual(before);
    });

    it.each(["closed", "cancelled"] as const)("refuses a %s job with 409, nothing changed", async (status) => {
      const id = await drive.jobAt(customer, status);
      const before = await read(id);
      const res = await details(id, { title: "Too late" }, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(jobMessages.settled(status));
      expect(await read(id)).toEqual(before);
    });

    it.each([
      ["an empty title", { title: "  " }, "title", "Give the job a title"],
      ["a latitude of 91", { site: { ...site, latitude: 91 } }, "site.latitude", "Latitude is between -90 and 90"],
      ["a site without a name", { site: { ...site, name: "" } }, "site.name", "Name the site"],
      ["neither title nor site", {}, "title", "Change the title or the site"],
    ])("refuses %s with 400 naming the field, nothing changed", async (_name, body, field, message) => {
      const id = await drive.jobAt(customer, "accepted");
      const before = await read(id);
      const res = await details(id, body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: message });
      expect(await read(id)).toEqual(before);
    });
  });
});

describe("cancelling a quote's job, with mail", () => {
  it("mails the customer the quote-declined mail Decline sends", async () => {
    const {
      smtp,
      t,
      users: [, customer],
      drive,
    } = await jobsAppWithMail();
    try {
      const { jobId } = await drive.requestQuote(customer);
      expect((await drive.patch(jobId, { status: "cancelled", reason: "Customer withdrew" })).statusCode).toBe(200);
      await expect
        .poll(() => smtp.inbox.filter((mail) => mail.to === customer.user.email && /Subject: Your solar quote request is declined/.test(mail.raw)).length, {
          timeout: 5_000,
        })
        .toBe(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe("the scheduling gate of a job with an estimate", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: JobDriver;
  let estimatesApi: ReturnType<typeof estimateDriver>;
  jobsAppForTests(["admin", "customer", "pilot"], ESTIMATE_ENV, (made) => {
    ({ t, drive } = made);
    [admin, customer, pilot] = made.users;
    estimatesApi = estimateDriver(t, admin);
  });

  const schedule = (id: number, overrideReason?: string) =>
    drive.patch(id, { ...moveBody("scheduled", pilot.user.id), reason: "", ...(overrideReason === undefined ? {} : { overrideReason }) });
  /** A job the business opened (accepted) with the journey's estimate sent: $709.04 deposit once accepted with its option. */
  const jobWithEstimate = async () => {
    const id = await drive.jobAt(customer, "accepted");
    return { id, estimate: await estimatesApi.send(id) };
  };

  it("refuses to schedule while the estimate is not accepted: 409 naming estimate, nothing changed", async () => {
    const { id } = await jobWithEstimate();
    const before = await drive.read(id);
    const res = await schedule(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: jobMessages.estimateNotAccepted, errors: { estimate: jobMessages.estimateNotAccepted } });
    expect(await drive.read(id)).toEqual(before);
  });

  it("refuses while the latest revision is declined, whatever an earlier one was", async () => {
    const { id, estimate } = await jobWithEstimate();
    expect((await estimatesApi.answer(estimate.id, "decline", customer, { reason: "Too dear" })).statusCode).toBe(200);
    expect((await schedule(id)).json().errors).toEqual({ estimate: jobMessages.estimateNotAccepted });
  });

  it("refuses while the accepted deposit is unpaid: 409 naming deposit and the amount due", async () => {
    const { id, estimate } = await jobWithEstimate();
    await estimatesApi.accept(estimate, customer);
    const before = await drive.read(id);
    const res = await schedule(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: jobMessages.depositUnpaid("$709.04"), errors: { deposit: jobMessages.depositUnpaid("$709.04") } });
    expect(await drive.read(id)).toEqual(before);
  });

  it("schedules once the deposit is paid, and at once for an accepted estimate that asks none", async () => {
    const paid = await jobWithEstimate();
    const accepted = await estimatesApi.accept(paid.estimate, customer);
    await paidDeposit(t.database.db, {
      userId: customer.user.id,
      amount: accepted.depositDue,
      providerPaymentId: `demo_gate_${paid.estimate.id}`,
      estimateId: paid.estimate.id,
    });
    expect((await schedule(paid.id)).statusCode).toBe(200);

    const id = await drive.jobAt(customer, "accepted");
    await estimatesApi.accept(await estimatesApi.send(id, { deposit: { percent: 0 } }), customer);
    const res = await schedule(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.events.at(-1)).toMatchObject({ from: "accepted", to: "scheduled", note: "" });
  });

  it("an admin's override reason lets it through, kept in the job's history; rescheduling is not gated again", async () => {
    const unanswered = await jobWithEstimate();
    const first = await schedule(unanswered.id, "Customer confirmed by phone");
    expect(first.statusCode).toBe(200);
    expect(first.json().data.events.at(-1)).toMatchObject({ to: "scheduled", note: "Scheduled without an accepted estimate: Customer confirmed by phone" });
    const moved = await drive.patch(unanswered.id, { status: "scheduled", ...windowOf(6), pilotId: pilot.user.id, reason: "Weather hold" });
    expect(moved.statusCode).toBe(200);

    const unpaid = await jobWithEstimate();
    await estimatesApi.accept(unpaid.estimate, customer);
    const res = await schedule(unpaid.id, "Pays the deposit on site");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.events.at(-1)).toMatchObject({ to: "scheduled", note: "Scheduled without the deposit of $709.04 paid: Pays the deposit on site" });
  });

  it("a quote's job: accepted by the customer's signature, then gated by its deposit", async () => {
    const { jobId } = await drive.requestQuote(customer);
    const estimate = await estimatesApi.send(jobId);
    expect((await schedule(jobId)).statusCode).toBe(409);
    await estimatesApi.accept(estimate, customer, []);
    expect((await drive.read(jobId)).status).toBe("accepted");
    expect((await schedule(jobId)).json().errors).toEqual({ deposit: jobMessages.depositUnpaid("$595.37") });
  });

  it("leaves a job without an estimate as it was: scheduled without a reason", async () => {
    const id = await drive.jobAt(customer, "accepted");
    expect((await schedule(id)).statusCode).toBe(200);
  });
});
