import { describe, expect, it } from "vitest";
import { recordMessages } from "@common/operator-records";
import { jobs } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { TestUser } from "../../testing/factories";
import { multipartBody } from "../../testing/multipart";
import { type JobDriver, jobsAppForTests, windowOf } from "../../testing/jobs";
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
        batterySerials: [],
        takeOffAt: null,
        landedAt: null,
        maxHeightMetres: null,
        latitude: null,
        longitude: null,
        log: null,
      });
    });
  });

  describe("batteries and maintenance, their counters computed from the recorded flights", () => {
    it("records a battery and a maintenance entry with their history; negative counts are 400 naming the field", async () => {
      const craft = await addAircraft({ ...AIRCRAFT, serial: "BAT-CRAFT" });
      const battery = await call("POST", `/api/admin/aircraft/${craft.id}/batteries`, admin, { serial: "TB30-1", cyclesBefore: 12, healthPercent: 97 });
      expect(battery.statusCode).toBe(201);
      expect(battery.json().data).toMatchObject({ serial: "TB30-1", cyclesBefore: 12, cycles: 12, healthPercent: 97, status: "in-service" });
      const changed = await call("PATCH", `/api/admin/aircraft/${craft.id}/batteries/${battery.json().data.id}`, admin, { healthPercent: 90 });
      expect(changed.json().data.history.map((event: { note: string }) => event.note)).toEqual([
        "Recorded: battery TB30-1, 12 cycles",
        "Changed healthPercent to 90",
      ]);
      const negative = await call("POST", `/api/admin/aircraft/${craft.id}/batteries`, admin, { serial: "TB30-2", cyclesBefore: -1 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().errors).toEqual({ cyclesBefore: recordMessages.count("cyclesBefore") });
      const entry = { doneOn: "2026-10-01", work: "Propellers replaced", doneBy: "Sam Ortiz", hoursTenthsAt: 100, nextDueHoursTenths: 300 };
      const recorded = await call("POST", `/api/admin/aircraft/${craft.id}/maintenance`, admin, entry);
      expect(recorded.statusCode).toBe(201);
      expect(recorded.json().data).toMatchObject({ ...entry, cyclesAt: null, nextDueOn: null, nextDueCycles: null });
      const badEntry = await call("POST", `/api/admin/aircraft/${craft.id}/maintenance`, admin, { ...entry, nextDueCycles: -3 });
      expect(badEntry.statusCode).toBe(400);
      expect(badEntry.json().errors).toEqual({ nextDueCycles: recordMessages.count("nextDueCycles") });
      const patched = await call("PATCH", `/api/admin/aircraft/${craft.id}/maintenance/${recorded.json().data.id}`, admin, { nextDueOn: "2031-01-01" });
      expect(patched.json().data.nextDueOn).toBe("2031-01-01");
      expect((await call("GET", `/api/admin/aircraft/${craft.id}/maintenance`, admin)).json().data).toHaveLength(1);
      expect((await call("GET", "/api/admin/aircraft/999999/batteries", admin)).statusCode).toBe(404);
      expect((await call("PATCH", `/api/admin/aircraft/${craft.id}/batteries/999999`, admin, { healthPercent: 1 })).statusCode).toBe(404);
    });

    it("counts the aircraft's hours and flights and the batteries' cycles from the flight records; the gate refuses an aircraft past its maintenance due", async () => {
      const craft = await addAircraft({ ...AIRCRAFT, serial: "HOURS-CRAFT", flightHoursTenths: 100 });
      const battery = (await call("POST", `/api/admin/aircraft/${craft.id}/batteries`, admin, { serial: "TB30-H", cyclesBefore: 5 })).json().data;
      for (const minutes of [30, 45]) {
        const id = await drive.jobAt(customer, "scheduled");
        expect((await drive.patch(id, flown({ durationMinutes: minutes, aircraftId: craft.id, batteryIds: [battery.id] }))).statusCode).toBe(200);
        // The job's page names the batteries flown by serial.
        expect((await call("GET", `/api/jobs/${id}`, admin)).json().data.flight).toMatchObject({ batteryIds: [battery.id], batterySerials: ["TB30-H"] });
      }
      const listed = (await call("GET", "/api/admin/aircraft", admin)).json().data.find((row: { id: number }) => row.id === craft.id);
      // 10 h before, then 75 minutes: 11.25 h, 112.5 tenths, rounded to 113.
      expect(listed).toMatchObject({ flightHoursTenths: 100, totalHoursTenths: 113, flightCount: 2 });
      const cycles = (await call("GET", `/api/admin/aircraft/${craft.id}/batteries`, admin)).json().data[0];
      expect(cycles).toMatchObject({ cyclesBefore: 5, cycles: 7 });
      const unknownBattery = await drive.patch(await drive.jobAt(customer, "scheduled"), flown({ batteryIds: [999_999] }));
      expect(unknownBattery.json().errors).toEqual({ "flight.batteryIds": recordMessages.unknownBattery });

      await call("POST", `/api/admin/aircraft/${craft.id}/maintenance`, admin, {
        doneOn: "2026-01-01",
        work: "Annual check",
        doneBy: "Sam",
        nextDueHoursTenths: 110,
      });
      const id = await drive.jobAt(customer, "accepted");
      const body = { status: "scheduled", ...windowOf(5), timeZone: "Europe/Paris", pilotId: pilot.user.id, aircraftId: craft.id };
      const refused = await drive.patch(id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors.aircraft).toContain("maintenance was due at 11.0 h (it has flown 11.3 h)");
      // The back office warns of it before anyone tries to schedule: hours reached have no day, so they are warned of, not counted down.
      const warned = (await call("GET", "/api/admin/compliance/warnings", admin)).json().data;
      expect(warned).toContainEqual(
        expect.objectContaining({
          kind: "maintenance",
          message: "DJI Matrice 30T (HOURS-CRAFT): maintenance was due at 11.0 h (it has flown 11.3 h)",
          on: null,
        }),
      );
      const overridden = await drive.patch(id, { ...body, overrideReason: "Check done this morning, entry to follow" });
      expect(overridden.statusCode).toBe(200);
      expect(overridden.json().data.events.at(-1).note).toContain("Check done this morning, entry to follow");

      // A newer entry moves the limit; a due day passed refuses too.
      await call("POST", `/api/admin/aircraft/${craft.id}/maintenance`, admin, {
        doneOn: "2026-02-01",
        work: "Annual check",
        doneBy: "Sam",
        nextDueOn: "2026-03-01",
      });
      const byDate = await drive.patch(await drive.jobAt(customer, "accepted"), body);
      expect(byDate.json().errors.aircraft).toContain("maintenance was due on 2026-03-01");
    });
  });

  describe("POST /api/admin/jobs/{id}/flight-log: an AirData CSV", () => {
    const header = "time(millisecond),datetime(utc),latitude,longitude,height_above_takeoff(feet),altitude_above_seaLevel(feet),speed(mph)";
    const rows = [
      "0,2031-03-04 18:00:00,30.2672,-97.7431,0,620.5,0",
      "100000,2031-03-04 18:01:40,30.2675,-97.7433,164.7,785.2,12.1",
      "570000,2031-03-04 18:09:30,30.2673,-97.7432,0.3,620.8,0",
    ];
    const post = async (jobId: number, text: string, user: TestUser | null = admin, name = "DJIFlightRecord_2031-03-04.csv") => {
      const { payload, headers } = await multipartBody({}, { name, type: "text/csv", content: Buffer.from(text) });
      return t.app.inject({
        method: "POST",
        url: `/api/admin/jobs/${jobId}/flight-log`,
        payload,
        headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
      });
    };

    it("converts the heights from feet to metres and gives take-off, landing, duration and place, kept in the record and the history", async () => {
      const id = await drive.jobAt(customer, "flown");
      const res = await post(id, [header, ...rows].join("\n"));
      expect(res.statusCode).toBe(200);
      const expected = {
        takeOffAt: "2031-03-04T18:00:00.000Z",
        landedAt: "2031-03-04T18:09:30.000Z",
        durationMinutes: 9.5,
        // 164.7 ft × 0.3048 = 50.2 m.
        maxHeightMetres: 50.2,
        latitude: 30.2672,
        longitude: -97.7431,
        log: { fileName: "DJIFlightRecord_2031-03-04.csv", rows: 3 },
      };
      expect(res.json().data).toMatchObject(expected);
      const job = await drive.read(id);
      expect(job.flight).toMatchObject(expected);
      expect(job.events.at(-1)?.note).toBe("Flight log DJIFlightRecord_2031-03-04.csv attached: 9.5 min, 50.2 m at most");
      const metres = await post(id, [header.replace("height_above_takeoff(feet)", "height_above_takeoff(meters)"), ...rows].join("\n"));
      expect(metres.json().data.maxHeightMetres).toBe(164.7);
    });

    it("refuses a CSV without a time column or in a layout not recognised with 400 naming what is missing, the record unchanged", async () => {
      const id = await drive.jobAt(customer, "flown");
      const before = await drive.read(id);
      const noTime = await post(id, [header.replace("time(millisecond),", ""), ...rows.map((row) => row.slice(row.indexOf(",") + 1))].join("\n"));
      expect(noTime.statusCode).toBe(400);
      expect(noTime.json().errors).toEqual({ file: "Not an AirData flight log: it has no column time(millisecond)" });
      const other = await post(id, "name,value\nroof,3");
      expect(other.json().errors.file).toBe(
        "Not an AirData flight log: it has no column time(millisecond), datetime(utc), latitude, longitude, height_above_takeoff(feet) or height_above_takeoff(meters)",
      );
      const badRow = await post(id, [header, rows[0], "100000,2031-03-04 18:01:40,30.2675,-97.7433,high,785.2,12.1"].join("\n"));
      expect(badRow.json().errors.file).toBe("Row 2: height_above_takeoff(feet) is not a number");
      expect(await drive.read(id)).toEqual(before);
      const notFlown = await post(await drive.jobAt(customer, "scheduled"), [header, ...rows].join("\n"));
      expect(notFlown.statusCode).toBe(409);
    });

    it("is the admins' and the job's pilot's: a pilot of another job 404, customers 403, a visitor 401", async () => {
      const id = await drive.jobAt(customer, "flown");
      const text = [header, ...rows].join("\n");
      expect((await post(id, text, null)).statusCode).toBe(401);
      expect((await post(id, text, customer)).statusCode).toBe(403);
      expect((await post(id, text, other)).statusCode).toBe(403);
      expect((await post(id, text, otherPilot)).statusCode).toBe(404);
      expect((await post(id, text, pilot)).statusCode).toBe(200);
      expect((await post(id, text, admin)).statusCode).toBe(200);
    });
  });

  describe("who may call each endpoint: visitor, customer, another customer, pilot, admin", () => {
    it("batteries and maintenance: admins only (401 visitor, 403 customers and pilots)", async () => {
      const craft = await addAircraft({ ...AIRCRAFT, serial: "MATRIX-CRAFT" });
      const battery = (await call("POST", `/api/admin/aircraft/${craft.id}/batteries`, admin, { serial: "MATRIX-B" })).json().data;
      const entry = (await call("POST", `/api/admin/aircraft/${craft.id}/maintenance`, admin, { doneOn: "2026-01-01", work: "Check", doneBy: "Sam" })).json()
        .data;
      const calls = [
        ["GET", `/api/admin/aircraft/${craft.id}/batteries`, undefined, 200],
        ["POST", `/api/admin/aircraft/${craft.id}/batteries`, { serial: "MATRIX-B2" }, 201],
        ["PATCH", `/api/admin/aircraft/${craft.id}/batteries/${battery.id}`, { healthPercent: 80 }, 200],
        ["GET", `/api/admin/aircraft/${craft.id}/maintenance`, undefined, 200],
        ["POST", `/api/admin/aircraft/${craft.id}/maintenance`, { doneOn: "2026-02-01", work: "Check", doneBy: "Sam" }, 201],
        ["PATCH", `/api/admin/aircraft/${craft.id}/maintenance/${entry.id}`, { work: "Checked" }, 200],
      ] as const;
      for (const [method, url, body, allowed] of calls) {
        expect((await call(method, url, null, body)).statusCode).toBe(401);
        for (const refused of [customer, other, pilot, otherPilot]) expect((await call(method, url, refused, body)).statusCode).toBe(403);
        expect((await call(method, url, admin, body)).statusCode).toBe(allowed);
      }
    });
  });
});
