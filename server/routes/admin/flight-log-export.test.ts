import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { pagesOf } from "../../pdf/testing/poppler";
import type { TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

// The flight log's exports (docs/decisions/0072-flight-records.md): by date range, pilot and aircraft.

describe("the flight log's exports", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "pilot", "pilot"], (made) => {
    ({ t, drive } = made);
    [admin, customer, pilot, otherPilot] = made.users;
  });
  const call = (url: string, user: TestUser | null) => t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });
  const flownJob = async (title: string, flight: object) => {
    const id = await drive.jobAt(customer, "scheduled");
    await t.database.db.update(jobs).set({ title }).where(eq(jobs.id, id));
    const res = await drive.patch(id, { status: "flown", flight: { aircraft: "", wind: "", temperature: "", cloud: "", irradiance: "", ...flight } });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const rowsOf = (body: string) => parse(body, { columns: true }) as Record<string, string>[];

  it("lists the recorded flights by date, pilot and aircraft as CSV and PDF, a pilot only theirs, and nobody else any", async () => {
    const craft = await drive.inject("POST", "/api/admin/aircraft", admin, { make: "DJI", model: "Mavic 3T", serial: "1581F5FH", registration: "FA7LOGTEST" });
    expect(craft.statusCode).toBe(201);
    const aircraftId = craft.json().data.id as number;
    await flownJob("North roof", { flownOn: "2026-05-02", durationMinutes: 9.5, pilotId: pilot.user.id, aircraftId, maxHeightMetres: 50.2, wind: "3 m/s" });
    await flownJob('=HYPERLINK("http://evil.test")', { flownOn: "2026-05-20", durationMinutes: 30, pilotId: otherPilot.user.id });
    const barn = await flownJob("Old barn", { flownOn: "2026-04-01", durationMinutes: 12, pilotId: pilot.user.id });

    const range = "from=2026-05-01&to=2026-05-31";
    const all = await call(`/api/admin/flights.csv?${range}`, admin);
    expect([all.statusCode, all.headers["content-type"]]).toEqual([200, "text/csv; charset=utf-8"]);
    const rows = rowsOf(all.body);
    expect(rows.map((row) => [row.flownOn, row.job, row.durationMinutes])).toEqual([
      ["2026-05-02", "North roof", "9.5"],
      // A title a spreadsheet would run goes out behind an apostrophe.
      ["2026-05-20", '\'=HYPERLINK("http://evil.test")', "30"],
    ]);
    expect(rows[0]).toMatchObject({ aircraft: "DJI Mavic 3T (1581F5FH)", registration: "FA7LOGTEST", maxHeightMetres: "50.2", weather: "wind 3 m/s" });
    expect(rowsOf((await call(`/api/admin/flights.csv?aircraftId=${aircraftId}`, admin)).body).map((row) => row.job)).toEqual(["North roof"]);
    expect(rowsOf((await call(`/api/admin/flights.csv?pilotId=${pilot.user.id}`, admin)).body).map((row) => row.job)).toEqual(["Old barn", "North roof"]);
    expect(rowsOf((await call(`/api/admin/flights.csv?jobId=${barn}`, admin)).body).map((row) => row.job)).toEqual(["Old barn"]);
    expect((await call("/api/admin/flights.csv?jobId=barn", admin)).json().errors).toEqual({ jobId: expect.stringContaining("jobId") });

    // A pilot gets their own flights, whatever they ask; another pilot's are refused.
    expect(rowsOf((await call("/api/admin/flights.csv", pilot)).body).map((row) => row.job)).toEqual(["Old barn", "North roof"]);
    expect((await call(`/api/admin/flights.csv?pilotId=${otherPilot.user.id}`, pilot)).statusCode).toBe(403);
    for (const path of ["flights.csv", "flights.pdf"]) {
      expect((await call(`/api/admin/${path}`, customer)).statusCode).toBe(403);
      expect((await call(`/api/admin/${path}`, null)).statusCode).toBe(401);
    }

    const pdf = await call(`/api/admin/flights.pdf?${range}`, admin);
    expect([pdf.statusCode, pdf.headers["content-type"]]).toEqual([200, "application/pdf"]);
    const text = (await pagesOf(pdf.rawPayload)).join("\n");
    for (const expected of ["Flight log", "North roof", "DJI Mavic 3T (1581F5FH)", "From May 1, 2026 to May 31, 2026", "0.7 h"])
      expect(text).toContain(expected);
    expect(text).not.toContain("Old barn");
  });

  it("refuses a bad filter with 400 naming it", async () => {
    const bad = async (query: string) => (await call(`/api/admin/flights.csv?${query}`, admin)).json() as { errors: Record<string, string> };
    expect(Object.keys((await bad("from=May")).errors)).toEqual(["from"]);
    expect(Object.keys((await bad("from=2026-05-02&to=2026-05-01")).errors)).toEqual(["to"]);
    expect(Object.keys((await bad("pilotId=x")).errors)).toEqual(["pilotId"]);
  });
});
