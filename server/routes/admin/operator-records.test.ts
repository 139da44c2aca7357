import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, calendarDateIn } from "@common/calendar-date";
import { recordMessages } from "@common/operator-records";
import { aircraft, insurancePolicies, pilotCertificates, users } from "../../db/schema";
import { registerUser, type TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests, moveBody, windowOf } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

// The operator's records and the scheduling check (docs/decisions/0068-operator-records.md).

const CERTIFICATE = { type: "faa-part-107", number: "4470123", issuedOn: "2025-01-10", expiresOn: "2027-01-31" } as const;
const AIRCRAFT = { make: "DJI", model: "Matrice 30T", serial: "1ZNBJ7R0C1", registration: "FA3KX9LMP2", registrationExpiresOn: "2028-06-30" } as const;
const POLICY = {
  insurer: "Skyline Mutual",
  policyNumber: "SKY-889",
  startsOn: "2026-01-01",
  expiresOn: "2031-12-31",
  perOccurrenceLimit: 100_000_000,
  aggregateLimit: 200_000_000,
};

describe("operator records", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot", "pilot"], (made) => {
    ({ t, drive } = made);
    [admin, customer, other, pilot, otherPilot] = made.users;
  });

  const call = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const addCertificate = async (pilotId: number, body: object = CERTIFICATE) => {
    const res = await call("POST", `/api/admin/pilots/${pilotId}/certificates`, admin, body);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  };
  /** A pilot of their own, so the certificates of one test do not reach another's. */
  const freshPilot = async () => {
    const made = await registerUser(t);
    await t.database.db.update(users).set({ role: "pilot" }).where(eq(users.id, made.user.id));
    return made;
  };
  const addAircraft = async (body: object = AIRCRAFT) => {
    const res = await call("POST", "/api/admin/aircraft", admin, body);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  };

  describe("who may call each endpoint: visitor, customer, another customer, pilot, admin", () => {
    it("certificates: a pilot reads, adds and updates their own, never another pilot's; customers none", async () => {
      const own = await addCertificate(pilot.user.id, { ...CERTIFICATE, number: "OWN-1" });
      const others = await addCertificate(otherPilot.user.id, { ...CERTIFICATE, number: "OTHER-1" });
      const calls = (pilotId: number, id: number, number: string) =>
        [
          ["GET", `/api/admin/pilots/${pilotId}/certificates`, undefined, 200],
          ["POST", `/api/admin/pilots/${pilotId}/certificates`, { ...CERTIFICATE, number }, 201],
          ["PATCH", `/api/admin/pilots/${pilotId}/certificates/${id}`, { number: `${number}-b` }, 200],
        ] as const;
      for (const [method, url, body, allowed] of calls(pilot.user.id, own.id, "MATRIX-OWN")) {
        expect((await call(method, url, null, body)).statusCode).toBe(401);
        expect((await call(method, url, customer, body)).statusCode).toBe(403);
        expect((await call(method, url, other, body)).statusCode).toBe(403);
        expect((await call(method, url, pilot, body)).statusCode).toBe(allowed);
        expect((await call(method, url, admin, body)).statusCode).toBe(allowed);
      }
      for (const [method, url, body] of calls(otherPilot.user.id, others.id, "MATRIX-OTHER")) {
        expect((await call(method, url, pilot, body)).statusCode).toBe(403);
      }
      // The pilot read only their own, and changed nothing of the other pilot's.
      const listed = (await call("GET", `/api/admin/pilots/${pilot.user.id}/certificates`, pilot)).json().data as { number: string; pilotId: number }[];
      expect(listed.every((certificate) => certificate.pilotId === pilot.user.id)).toBe(true);
      const [untouched] = await t.database.db.select().from(pilotCertificates).where(eq(pilotCertificates.id, others.id));
      expect(untouched!.number).toBe("OTHER-1");
    });

    it("aircraft, insurance and the warnings: admins only (401 visitor, 403 customers and pilots)", async () => {
      const craft = await addAircraft();
      const policy = (await call("POST", "/api/admin/insurance", admin, POLICY)).json().data as { id: number };
      const calls = [
        ["GET", "/api/admin/aircraft", undefined, 200],
        ["POST", "/api/admin/aircraft", { ...AIRCRAFT, serial: "MATRIX-1" }, 201],
        ["PATCH", `/api/admin/aircraft/${craft.id}`, { firmware: "v07.01" }, 200],
        ["GET", "/api/admin/insurance", undefined, 200],
        ["POST", "/api/admin/insurance", { ...POLICY, policyNumber: "MATRIX-2" }, 201],
        ["PATCH", `/api/admin/insurance/${policy.id}`, { aggregateLimit: 300_000_000 }, 200],
        ["GET", "/api/admin/compliance/warnings", undefined, 200],
      ] as const;
      for (const [method, url, body, allowed] of calls) {
        expect({ url, method, status: (await call(method, url, null, body)).statusCode }).toEqual({ url, method, status: 401 });
        for (const user of [customer, other, pilot])
          expect({ url, method, status: (await call(method, url, user, body)).statusCode }).toEqual({ url, method, status: 403 });
        expect({ url, method, status: (await call(method, url, admin, body)).statusCode }).toEqual({ url, method, status: allowed });
      }
      expect((await t.database.db.select().from(aircraft).where(eq(aircraft.serial, "MATRIX-1"))).length).toBe(1);
    });

    it("a customer's account has no certificates: 404 even for an admin", async () => {
      expect((await call("GET", `/api/admin/pilots/${customer.user.id}/certificates`, admin)).statusCode).toBe(404);
    });
  });

  describe("bad input: 400 naming the field, nothing saved", () => {
    it("refuses a certificate that expires before it was issued", async () => {
      const res = await call("POST", `/api/admin/pilots/${pilot.user.id}/certificates`, admin, {
        ...CERTIFICATE,
        number: "BACKWARDS",
        expiresOn: "2024-12-31",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ expiresOn: recordMessages.expiresBeforeIssued });
      expect(await t.database.db.select().from(pilotCertificates).where(eq(pilotCertificates.number, "BACKWARDS"))).toEqual([]);
      const kept = await addCertificate(pilot.user.id, { ...CERTIFICATE, number: "KEPT" });
      const patched = await call("PATCH", `/api/admin/pilots/${pilot.user.id}/certificates/${kept.id}`, admin, { expiresOn: "2020-01-01" });
      expect(patched.statusCode).toBe(400);
      expect(patched.json().errors).toEqual({ expiresOn: recordMessages.expiresBeforeIssued });
    });

    it("refuses a negative hour count", async () => {
      const res = await call("POST", "/api/admin/aircraft", admin, { ...AIRCRAFT, serial: "NEGATIVE", flightHoursTenths: -5 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ flightHoursTenths: recordMessages.flightHours });
      expect(await t.database.db.select().from(aircraft).where(eq(aircraft.serial, "NEGATIVE"))).toEqual([]);
    });

    it("refuses an unknown aircraft in a flight, the job left as it was", async () => {
      const id = await drive.jobAt(customer, "accepted");
      const res = await drive.patch(id, { ...moveBody("scheduled", pilot.user.id), aircraftId: 999_999 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ aircraftId: recordMessages.unknownAircraft });
      expect((await drive.read(id)).status).toBe("accepted");
    });

    it("refuses an aggregate below the per-occurrence limit, and an additional insured who is not a customer", async () => {
      const below = await call("POST", "/api/admin/insurance", admin, { ...POLICY, aggregateLimit: 1 });
      expect(below.json().errors).toEqual({ aggregateLimit: recordMessages.aggregateBelow });
      const notCustomer = await call("POST", "/api/admin/insurance", admin, { ...POLICY, additionalInsured: [pilot.user.id] });
      expect(notCustomer.statusCode).toBe(400);
      expect(notCustomer.json().errors).toEqual({ additionalInsured: recordMessages.unknownCustomer });
    });
  });

  describe("the check when a flight is scheduled", () => {
    const window = windowOf(5);
    const flightDay = calendarDateIn("UTC", new Date(window.scheduledStart));
    const scheduleBody = (pilotId: number, extra: object = {}) => ({ status: "scheduled", ...window, timeZone: "Europe/Paris", pilotId, ...extra });

    it("refuses a pilot whose recurrent training falls due the day before the flight, naming it; an override schedules, kept in the history", async () => {
      const flyer = await freshPilot();
      await addCertificate(flyer.user.id, { ...CERTIFICATE, number: "DUE-EVE", expiresOn: addDays(flightDay, -1) });
      const id = await drive.jobAt(customer, "accepted");
      const before = await drive.read(id);
      const refused = await drive.patch(id, scheduleBody(flyer.user.id));
      expect(refused.statusCode).toBe(409);
      const errors = refused.json().errors as Record<string, string>;
      expect(Object.keys(errors)).toEqual(["certificate"]);
      expect(errors.certificate).toContain(`FAA Part 107 DUE-EVE: recurrent training due ${addDays(flightDay, -1)}`);
      expect(await drive.read(id)).toEqual(before);

      const overridden = await drive.patch(id, scheduleBody(flyer.user.id, { overrideReason: "Recurrent course passed, paperwork in the post" }));
      expect(overridden.statusCode).toBe(200);
      expect(overridden.json().data.status).toBe("scheduled");
      const note = overridden.json().data.events.at(-1).note as string;
      expect(note).toContain("DUE-EVE");
      expect(note).toContain("Recurrent course passed, paperwork in the post");
    });

    it("lets a certificate due on the flight's own day through, and the newest of a type decides (a renewal replaces a lapsed one)", async () => {
      const flyer = await freshPilot();
      await addCertificate(flyer.user.id, { ...CERTIFICATE, number: "OLD", expiresOn: "2025-06-30" });
      await addCertificate(flyer.user.id, { ...CERTIFICATE, number: "RENEWED", expiresOn: flightDay });
      const id = await drive.jobAt(customer, "accepted");
      expect((await drive.patch(id, scheduleBody(flyer.user.id))).statusCode).toBe(200);
    });

    it("names every lapse together, one field each: certificate, aircraft grounded, insurance short; rescheduling is checked too", async () => {
      const flyer = await freshPilot();
      await addCertificate(flyer.user.id, { ...CERTIFICATE, number: "LAPSED", expiresOn: "2025-12-31" });
      const craft = await addAircraft({ ...AIRCRAFT, serial: "GROUNDED-1", status: "grounded" });
      const demanding = customer;
      expect((await call("PATCH", `/api/admin/users/${demanding.user.id}`, admin, { requiredInsuranceLimit: 500_000_000 })).statusCode).toBe(200);
      try {
        const id = await drive.jobAt(demanding, "accepted");
        const refused = await drive.patch(id, scheduleBody(flyer.user.id, { aircraftId: craft.id }));
        expect(refused.statusCode).toBe(409);
        expect(Object.keys(refused.json().errors).sort()).toEqual(["aircraft", "certificate", "insurance"]);
        expect(refused.json().errors.aircraft).toContain("is grounded");
        expect(refused.json().errors.insurance).toContain("$5,000,000.00");

        // A good pilot and aircraft: scheduled; then rescheduled onto the grounded aircraft: refused.
        const good = await freshPilot();
        const flyable = await addAircraft({ ...AIRCRAFT, serial: "FLYABLE-1" });
        expect((await call("PATCH", `/api/admin/users/${demanding.user.id}`, admin, { requiredInsuranceLimit: null })).statusCode).toBe(200);
        expect((await drive.patch(id, scheduleBody(good.user.id, { aircraftId: flyable.id }))).statusCode).toBe(200);
        const rescheduled = await drive.patch(id, { ...scheduleBody(good.user.id, { aircraftId: craft.id }), reason: "Swap the drone" });
        expect(rescheduled.statusCode).toBe(409);
        expect(Object.keys(rescheduled.json().errors)).toEqual(["aircraft"]);
      } finally {
        await call("PATCH", `/api/admin/users/${demanding.user.id}`, admin, { requiredInsuranceLimit: null });
      }
    });

    it("schedules a pilot with no certificate recorded, and warns of it", async () => {
      const flyer = await freshPilot();
      const id = await drive.jobAt(customer, "accepted");
      expect((await drive.patch(id, scheduleBody(flyer.user.id))).statusCode).toBe(200);
      const warnings = (await call("GET", `/api/admin/compliance/warnings?jobId=${id}`, admin)).json().data;
      expect(warnings).toEqual([
        expect.objectContaining({ kind: "pilot", recordId: flyer.user.id, message: expect.stringContaining("no certificate recorded") }),
      ]);
    });
  });

  describe("history and warnings", () => {
    it("keeps every change of a record: who, when, what", async () => {
      const craft = await addAircraft({ ...AIRCRAFT, serial: "HISTORY-1" });
      const res = await call("PATCH", `/api/admin/aircraft/${craft.id}`, admin, { status: "grounded", firmware: "v09.00" });
      expect(res.statusCode).toBe(200);
      const history = res.json().data.history as { by: string; note: string }[];
      expect(history).toHaveLength(2);
      expect(history[0]!.note).toContain("Recorded: DJI Matrice 30T, serial HISTORY-1");
      expect(history[1]!.note).toBe("Changed firmware to v09.00, status to grounded");
      expect(history[1]!.by).toBeTruthy();
    });

    it("warns of a certificate and a policy that lapse within 30 days, and not of those further off", async () => {
      const flyer = await freshPilot();
      const today = calendarDateIn("UTC");
      await addCertificate(flyer.user.id, { ...CERTIFICATE, number: "SOON", expiresOn: addDays(today, 10) });
      await addCertificate(flyer.user.id, { ...CERTIFICATE, type: "easa-a2-cofc", number: "LATER", expiresOn: addDays(today, 400) });
      const warnings = (await call("GET", "/api/admin/compliance/warnings", admin)).json().data as { message: string }[];
      expect(warnings.some((warning) => warning.message.includes("SOON"))).toBe(true);
      expect(warnings.some((warning) => warning.message.includes("LATER"))).toBe(false);
      await t.database.db.delete(insurancePolicies);
      await call("POST", "/api/admin/insurance", admin, { ...POLICY, policyNumber: "ENDING", startsOn: addDays(today, -300), expiresOn: addDays(today, 20) });
      const again = (await call("GET", "/api/admin/compliance/warnings", admin)).json().data as { kind: string; message: string }[];
      expect(again).toContainEqual(expect.objectContaining({ kind: "insurance", message: `Skyline Mutual policy ENDING expires ${addDays(today, 20)}` }));
    });
  });
});
