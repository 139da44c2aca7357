import { beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "@common/contract/findings";
import { FINDING_FIELDS } from "@common/findings";
import { findings } from "../db/schema";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import { deliveredJobIn, type JobDriver, jobDriver } from "../testing/jobs";
import { FIELD_ZONE, WATER_STRESS } from "../testing/findings";
import { multipartBody, sampleFiles } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";

type Caller = () => TestUser | undefined;

/** A hot spot as an inspection reports it; the severity is left to ΔT. */
const hotSpot = (overrides: object = {}) => ({
  class: "hot_spot",
  lat: 48.8571,
  lon: 2.3512,
  locator: "Block B / row 4 / string 2 / module 17",
  maxTemp: 61.2,
  refTemp: 47.5,
  deltaT: 13.7,
  powerLoss: 0.35,
  note: "Cell crack under the junction box",
  ...overrides,
});

describe("inspection findings", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  /** A delivered solar job of the customer's, flown by `pilot`, with one image. */
  let jobId: number, imageId: number, serviceId: number;
  appWithUsersForTests(["admin", "customer", "customer", "pilot", "pilot"], async (made) => {
    t = made.t;
    [admin, customer, other, pilot, otherPilot] = made.users;
    ({ serviceId, drive, jobId } = await deliveredJobIn("solar", t, admin, pilot, customer));
    imageId = await uploadImage(jobId);
  });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });
  async function uploadImage(job: number, owner: TestUser = customer): Promise<number> {
    const fields = { userId: String(owner.user.id), serviceId: String(serviceId), title: "IR 0042", description: "Thermal", jobId: String(job) };
    const { payload, headers } = await multipartBody(fields, { name: "ir.png", type: "image/png", content: sampleFiles.png });
    const res = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id;
  }
  const add = async (job: number, body: object, user: TestUser = admin): Promise<Finding> => {
    const res = await call("POST", `/api/admin/jobs/${job}/findings`, user, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const list = async (job: number, user: TestUser = admin) =>
    (await call("GET", `/api/jobs/${job}/findings`, user)).json() as { data: Finding[]; counts: Record<string, number> };
  const importFile = async (job: number, name: string, content: string, fields: Record<string, string> = {}, user: TestUser = admin) => {
    const { payload, headers } = await multipartBody(fields, { name, type: "text/plain", content: Buffer.from(content) });
    return t.app.inject({ method: "POST", url: `/api/admin/jobs/${job}/findings/import`, payload, headers: { ...headers, cookie: user.cookie } });
  };
  const stored = () => t.database.db.$count(findings);

  it("adds a finding with its severity from ΔT, and shows it with its images and counts to the customer, the pilot and the admins", async () => {
    const finding = await add(jobId, hotSpot({ mediaIds: [imageId] }));
    expect(finding).toMatchObject({ class: "hot_spot", severity: "moderate", severityReason: "", status: "open", deltaT: 13.7, mediaIds: [imageId] });
    expect(finding.images).toEqual([{ kind: "photo", title: "IR 0042", url: `/api/media/${imageId}/file`, width: null, height: null }]);
    expect(finding.history).toMatchObject([{ by: admin.user.id, from: null, to: "open" }]);
    for (const reader of [customer, pilot, admin]) {
      const { data, counts } = await list(jobId, reader);
      expect(data.map((item) => item.id)).toContain(finding.id);
      expect(counts.open).toBeGreaterThanOrEqual(1);
    }
    const dashboard = (await call("GET", "/api/findings/counts", customer)).json().data;
    expect(dashboard.total.open).toBeGreaterThanOrEqual(1);
    expect(dashboard.jobs).toContainEqual({ jobId, counts: expect.objectContaining({ open: dashboard.total.open }) });
    expect((await call("GET", "/api/findings/counts", other)).json().data).toEqual({
      total: { open: 0, repair_planned: 0, repaired: 0, verified: 0, dismissed: 0 },
      jobs: [],
    });
    expect((await call("GET", "/api/findings/counts")).statusCode).toBe(401);
  });

  it("drops an image deleted since from the finding, which can still be changed", async () => {
    const image = await uploadImage(jobId);
    const finding = await add(jobId, hotSpot({ mediaIds: [image, imageId] }));
    expect((await call("DELETE", `/api/admin/media/${image}`, admin)).statusCode).toBe(200);
    const changed = await call("PATCH", `/api/admin/findings/${finding.id}`, admin, { locator: "Block D" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ locator: "Block D", mediaIds: [imageId] });
  });

  it("shows the customer nothing before the job is delivered", async () => {
    const scheduled = await drive.jobAt(customer, "scheduled");
    await add(scheduled, hotSpot());
    expect((await list(scheduled, customer)).data).toEqual([]);
    expect((await list(scheduled, pilot)).data).toHaveLength(1);
  });

  describe("who may read and write", () => {
    const READS = ["findings", "findings.csv", "findings.geojson", "findings.kml"];
    it.each([
      ["a visitor", 401, () => undefined],
      ["another customer", 404, () => other],
      ["a pilot of another job", 404, () => otherPilot],
    ] satisfies [string, number, Caller][])("refuses %s the list and every export (%i)", async (_who, status, user) => {
      for (const read of READS) expect((await call("GET", `/api/jobs/${jobId}/${read}`, user())).statusCode).toBe(status);
    });

    it("lets the job's pilot add and change findings, not a pilot of another job (404)", async () => {
      const finding = await add(jobId, hotSpot(), pilot);
      expect((await call("PATCH", `/api/admin/findings/${finding.id}`, pilot, { locator: "Block C" })).json().data.locator).toBe("Block C");
      expect((await call("POST", `/api/admin/jobs/${jobId}/findings`, otherPilot, hotSpot())).statusCode).toBe(404);
      expect((await call("PATCH", `/api/admin/findings/${finding.id}`, otherPilot, { locator: "Mine" })).statusCode).toBe(404);
      expect((await importFile(jobId, "f.csv", "class,lat,lon,severity\nhot_spot,1,1,minor\n", {}, otherPilot)).statusCode).toBe(404);
    });

    it("refuses the customer a finding's data (403) and a verification or dismissal (403), changing nothing", async () => {
      const finding = await add(jobId, hotSpot());
      expect((await call("POST", `/api/admin/jobs/${jobId}/findings`, customer, hotSpot())).statusCode).toBe(403);
      expect((await call("PATCH", `/api/admin/findings/${finding.id}`, customer, { severity: "minor", severityReason: "Looks fine" })).statusCode).toBe(403);
      await call("PATCH", `/api/findings/${finding.id}`, customer, { status: "repaired" });
      expect((await call("PATCH", `/api/findings/${finding.id}`, customer, { status: "repair_planned", severity: "minor" })).statusCode).toBe(403);
      for (const status of ["verified", "dismissed", "open"])
        expect((await call("PATCH", `/api/findings/${finding.id}`, customer, { status, comment: "Done" })).statusCode).toBe(403);
      const [after] = (await list(jobId, customer)).data.filter((item) => item.id === finding.id);
      expect(after).toMatchObject({ status: "repaired", severity: "moderate" });
      expect((await call("PATCH", `/api/findings/${finding.id}`, other, { status: "repair_planned" })).statusCode).toBe(404);
    });

    it("keeps candidates for the admins who ask for them", async () => {
      const candidate = await add(jobId, hotSpot({ status: "candidate" }));
      expect((await list(jobId, customer)).data.map((item) => item.id)).not.toContain(candidate.id);
      expect((await list(jobId, admin)).data.map((item) => item.id)).not.toContain(candidate.id);
      const withCandidates = (await call("GET", `/api/admin/jobs/${jobId}/findings?candidates=true`, admin)).json().data as Finding[];
      expect(withCandidates.map((item) => item.id)).toContain(candidate.id);
      expect((await call("GET", `/api/admin/jobs/${jobId}/findings?candidates=true`, pilot)).statusCode).toBe(403);
      expect((await call("PATCH", `/api/findings/${candidate.id}`, customer, { status: "repair_planned" })).statusCode).toBe(404);
    });
  });

  it("shows the customer no dismissed finding and no candidate: not in the list, the counts, the exports or by its id (decision 0046)", async () => {
    const job = await drive.jobAt(customer, "delivered");
    const kept = await add(job, hotSpot({ locator: "Block K / kept" }));
    const dismissed = await add(job, hotSpot({ locator: "Block K / dismissed", status: "dismissed", dismissReason: "Reflection, not a fault" }));
    const candidate = await add(job, hotSpot({ locator: "Block K / candidate", status: "candidate" }));
    // A finding found, then dismissed after delivery, leaves the customer's view with it.
    const later = await add(job, hotSpot({ locator: "Block K / later" }));
    expect((await call("PATCH", `/api/admin/findings/${later.id}`, admin, { status: "dismissed", dismissReason: "Glare on the glass" })).statusCode).toBe(200);

    const mine = await list(job, customer);
    expect(mine.data.map((item) => item.id)).toEqual([kept.id]);
    expect(mine.counts).toEqual({ open: 1, repair_planned: 0, repaired: 0, verified: 0, dismissed: 0 });
    const dashboard = (await call("GET", "/api/findings/counts", customer)).json().data as { jobs: { jobId: number; counts: Record<string, number> }[] };
    expect(dashboard.jobs.find((row) => row.jobId === job)?.counts).toEqual({ open: 1, repair_planned: 0, repaired: 0, verified: 0, dismissed: 0 });
    const csv = (await call("GET", `/api/jobs/${job}/findings.csv`, customer)).body;
    expect(
      csv
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => Number(line.split(",")[0])),
    ).toEqual([kept.id]);
    const geojson = JSON.parse((await call("GET", `/api/jobs/${job}/findings.geojson`, customer)).body) as { features: { id: number }[] };
    expect(geojson.features.map((feature) => feature.id)).toEqual([kept.id]);
    const kml = (await call("GET", `/api/jobs/${job}/findings.kml`, customer)).body;
    expect(kml.match(/<Placemark /g)).toHaveLength(1);
    for (const text of [csv, JSON.stringify(geojson), kml]) {
      expect(text).not.toContain("dismissed");
      expect(text).not.toContain("Block K / candidate");
      expect(text).not.toContain("Block K / later");
    }
    for (const hidden of [dismissed, candidate, later])
      expect((await call("PATCH", `/api/findings/${hidden.id}`, customer, { status: "repair_planned" })).statusCode).toBe(404);

    // The business keeps its own: every decided finding, the dismissed ones too.
    expect((await list(job, admin)).data.map((item) => item.id)).toEqual([kept.id, dismissed.id, later.id]);
    expect((await list(job, pilot)).counts).toMatchObject({ open: 1, dismissed: 2 });
  });

  it("records every change in the history: who, when and the note", async () => {
    const finding = await add(jobId, hotSpot());
    const before = Date.now();
    expect(
      (await call("PATCH", `/api/findings/${finding.id}`, customer, { status: "repair_planned", comment: "Installer booked for Monday" })).statusCode,
    ).toBe(200);
    expect((await call("PATCH", `/api/findings/${finding.id}`, customer, { status: "repaired", comment: "Module swapped" })).statusCode).toBe(200);
    const verified = await call("PATCH", `/api/admin/findings/${finding.id}`, pilot, { status: "verified", comment: "Checked on the re-fly" });
    expect(verified.statusCode, verified.body).toBe(200);
    const { history, status } = verified.json().data as Finding;
    expect(status).toBe("verified");
    expect(history.map(({ by, byName, from, to, note }) => ({ by, byName, from, to, note }))).toEqual([
      { by: admin.user.id, byName: "Test Pilot", from: null, to: "open", note: "" },
      { by: customer.user.id, byName: "Test Pilot", from: "open", to: "repair_planned", note: "Installer booked for Monday" },
      { by: customer.user.id, byName: "Test Pilot", from: "repair_planned", to: "repaired", note: "Module swapped" },
      { by: pilot.user.id, byName: "Test Pilot", from: "repaired", to: "verified", note: "Checked on the re-fly" },
    ]);
    for (const event of history.slice(1)) expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1_000);
    const edited = (await call("PATCH", `/api/admin/findings/${finding.id}`, admin, { deltaT: 25, comment: "Re-measured" })).json().data as Finding;
    expect(edited).toMatchObject({ deltaT: 25, severity: "critical" });
    expect(edited.history.at(-1)).toMatchObject({ by: admin.user.id, from: "verified", to: "verified", fields: ["severity", "deltaT"], note: "Re-measured" });
    expect((await call("PATCH", `/api/admin/findings/${finding.id}`, admin, { status: "repaired" })).statusCode).toBe(409);
  });

  describe("what it checks, naming the field", () => {
    let agricultureJob: number, otherImage: number;
    beforeAll(async () => {
      ({ jobId: agricultureJob } = await deliveredJobIn("agriculture", t, admin, pilot, customer));
      otherImage = await uploadImage(await drive.jobAt(other, "delivered"), other);
    });
    it.each([
      ["lat above 90", hotSpot({ lat: 90.5 }), "lat", "Latitude is between -90 and 90"],
      ["lon below -180", hotSpot({ lon: -180.1 }), "lon", "Longitude is between -180 and 180"],
      ["a class of another kind", hotSpot({ class: "weeds" }), "class", expect.stringContaining("solar classes")],
      ["an image of another job", () => hotSpot({ mediaIds: [otherImage] }), "mediaIds", "mediaIds must be the ids of this job's media"],
      ["a dismissal without a reason", hotSpot({ status: "dismissed" }), "dismissReason", expect.stringContaining("reason")],
      ["a severity against ΔT without a reason", hotSpot({ severity: "critical" }), "severityReason", expect.stringContaining("reason")],
      ["no severity and no ΔT", hotSpot({ deltaT: null }), "severity", expect.stringContaining("severity")],
    ] as const)("refuses %s (400)", async (_what, body, field, message) => {
      const before = await stored();
      const res = await call("POST", `/api/admin/jobs/${jobId}/findings`, admin, typeof body === "function" ? body() : body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual(message);
      expect(await stored()).toBe(before);
    });

    it("takes an override with its reason, and an agriculture finding with its area", async () => {
      expect(await add(jobId, hotSpot({ severity: "critical", severityReason: "Burn mark on the back sheet" }))).toMatchObject({
        severity: "critical",
        severityReason: "Burn mark on the back sheet",
      });
      expect(await add(agricultureJob, WATER_STRESS)).toMatchObject({ polygon: FIELD_ZONE, indexValue: 0.31 });
      expect((await call("POST", `/api/admin/jobs/${agricultureJob}/findings`, admin, hotSpot())).json().errors.class).toContain("agriculture");
    });
  });

  describe("exports and imports", () => {
    /** What a round trip must give back: every field a finding is written with. */
    const data = (finding: Finding) => Object.fromEntries(FINDING_FIELDS.map((field) => [field, finding[field]]));
    /** A delivered job with an image and three findings that test the formats: quotes, new lines, markup, formula-like text, an override, a dismissal. */
    const jobWithFindings = async () => {
      const job = await drive.jobAt(customer, "delivered");
      const image = await uploadImage(job);
      const written = [
        await add(job, hotSpot({ mediaIds: [image], note: '=HYPERLINK("x"), "quoted", <b>&amp;</b>\nsecond line' })),
        await add(job, hotSpot({ class: "soiling", deltaT: null, maxTemp: null, refTemp: null, severity: "minor", locator: "-Block A", powerLoss: null })),
        await add(
          job,
          hotSpot({ class: "other", status: "dismissed", dismissReason: "Reflection, not a fault", severity: "critical", severityReason: "Client's priority" }),
        ),
      ];
      return { job, written };
    };
    let roundJob: number;
    beforeAll(async () => {
      roundJob = (await jobWithFindings()).job;
    });

    it.each(["csv", "geojson", "kml"])("gives back the same findings through %s", async (format) => {
      const { job, written: originals } = await jobWithFindings();
      // The business's own export: it carries the dismissed finding, which the customer's does not (decision 0046).
      const exported = await call("GET", `/api/jobs/${job}/findings.${format}`, admin);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers["content-disposition"]).toBe(`attachment; filename="job-${job}-findings.${format}"`);
      if (format === "csv") expect(exported.body).toContain(`/api/media/${originals[0]!.mediaIds[0]}/file`);
      const res = await importFile(job, `findings.${format}`, exported.body);
      expect(res.statusCode, res.body).toBe(201);
      const imported = res.json().data as Finding[];
      expect(imported.map(data)).toEqual(originals.map(data));
      expect(imported[0]!.history).toMatchObject([{ by: admin.user.id, from: null, to: "open", note: "Imported" }]);
    });

    it("escapes the KML and guards CSV cells a spreadsheet would run", async () => {
      const kml = (await call("GET", `/api/jobs/${roundJob}/findings.kml`, admin)).body;
      expect(kml).toContain("&lt;b&gt;&amp;amp;&lt;/b&gt;");
      expect(kml).not.toContain("<b>");
      const csv = (await call("GET", `/api/jobs/${roundJob}/findings.csv`, admin)).body;
      expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted""`);
      expect(csv).toContain("'-Block A");
    });

    it("imports nothing from a file with bad rows, naming each row, column and reason", async () => {
      const before = await stored();
      const csv = [
        "class,lat,lon,deltaT,mediaIds",
        "hot_spot,48.1,2.1,12,",
        "hot_spot,95,2.1,12,",
        "weeds,48.1,2.1,warm,",
        `hot_spot,48.1,2.1,12,${imageId}`,
      ].join("\n");
      const res = await importFile(roundJob, "bad.csv", csv);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "Nothing was imported: 3 findings have errors",
        errors: [
          { row: 2, column: "lat", message: "Latitude is between -90 and 90" },
          { row: 3, column: "deltaT", message: "deltaT must be a number" },
          { row: 3, column: "class", message: expect.stringContaining("solar classes") },
          { row: 4, column: "mediaIds", message: "mediaIds must be the ids of this job's media" },
        ],
      });
      expect(await stored()).toBe(before);
    });

    it("names a bad character reference in a KML as a bad cell", async () => {
      const cells = { class: "pid&#x110000;", lat: "1", lon: "1", severity: "minor" };
      const kml = `<kml><Placemark><ExtendedData>${Object.entries(cells)
        .map(([name, value]) => `<Data name="${name}"><value>${value}</value></Data>`)
        .join("")}</ExtendedData></Placemark></kml>`;
      const res = await importFile(roundJob, "f.kml", kml);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ row: 1, column: "class", message: expect.stringContaining("class must be one of") }]);
    });

    it("reads another program's columns through a mapping, and a GeoJSON's Points", async () => {
      const csv = "Type;Lat;Long;Delta T (C);Where\nhot_spot;48.2;2.2;21;B-4-2-17\n".replaceAll(";", ",");
      const mapping = JSON.stringify({ class: "Type", lat: "Lat", lon: "Long", deltaT: "Delta T (C)", locator: "Where" });
      const res = await importFile(roundJob, "thermal.csv", csv, { mapping });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject([{ class: "hot_spot", lat: 48.2, lon: 2.2, deltaT: 21, severity: "critical", locator: "B-4-2-17" }]);
      const geojson = {
        type: "FeatureCollection",
        features: [
          { type: "Feature", geometry: { type: "Point", coordinates: [2.3, 48.3] }, properties: { class: "shading", severity: "minor" } },
          { type: "Feature", geometry: null, properties: { class: "pid" } },
        ],
      };
      const bad = await importFile(roundJob, "f.geojson", JSON.stringify(geojson));
      expect(bad.json().errors).toEqual([
        { row: 2, column: "geometry", message: "Each feature is a Point: [longitude, latitude]" },
        { row: 2, column: "lat", message: "Latitude is between -90 and 90" },
        { row: 2, column: "lon", message: "Longitude is between -180 and 180" },
      ]);
      expect((await importFile(roundJob, "f.csv", csv, { mapping: '{"colour":"x"}' })).json().errors).toEqual({ mapping: expect.stringContaining("colour") });
    });

    it("previews an import with dryRun: the file's columns, its first findings through the mapping and every bad cell, writing nothing", async () => {
      const before = await stored();
      const csv = ["Type,Lat,Long,Delta T (C),Where", "hot_spot,48.2,2.2,21,B-4-2-17", "hot_spot,48.3,2.3,warm,B-4-2-18"].join("\n");
      const dryRun = async (fields: Record<string, string>, user: TestUser = admin) => {
        const { payload, headers } = await multipartBody(fields, { name: "thermal.csv", type: "text/csv", content: Buffer.from(csv) });
        return t.app.inject({
          method: "POST",
          url: `/api/admin/jobs/${roundJob}/findings/import?dryRun=true`,
          payload,
          headers: { ...headers, cookie: user.cookie },
        });
      };
      const unmapped = await dryRun({});
      expect(unmapped.statusCode, unmapped.body).toBe(200);
      expect(unmapped.json().data).toEqual({
        columns: ["Type", "Lat", "Long", "Delta T (C)", "Where"],
        rows: 0,
        preview: [],
        errors: ["class", "lat", "lon"].map((column) => ({ row: 0, column, message: `The CSV has no column ${column}` })),
      });
      const mapped = await dryRun({ mapping: JSON.stringify({ class: "Type", lat: "Lat", lon: "Long", deltaT: "Delta T (C)", locator: "Where" }) });
      expect(mapped.statusCode, mapped.body).toBe(200);
      expect(mapped.json().data).toMatchObject({
        rows: 2,
        preview: [
          { class: "hot_spot", lat: 48.2, lon: 2.2, deltaT: 21, locator: "B-4-2-17" },
          { class: "hot_spot", lat: 48.3, lon: 2.3, locator: "B-4-2-18" },
        ],
        errors: [{ row: 2, column: "Delta T (C)", message: "deltaT must be a number" }],
      });
      expect(await stored()).toBe(before);
      // Who may not import may not preview either.
      expect((await dryRun({}, customer)).statusCode).toBe(403);
      expect((await dryRun({}, otherPilot)).statusCode).toBe(404);
    });
  });
});

describe("the ΔT thresholds as configured", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer", "pilot"], { FINDINGS_DELTA_T_MODERATE: "5", FINDINGS_DELTA_T_CRITICAL: "8" }, (made) => {
    ({ t, serviceId } = made);
    [admin, customer, pilot] = made.users;
  });

  it("sets the severity from FINDINGS_DELTA_T_MODERATE and FINDINGS_DELTA_T_CRITICAL", async () => {
    const jobId = await jobDriver(t, admin, pilot, serviceId).jobAt(customer, "delivered");
    const severities: string[] = [];
    for (const deltaT of [4.9, 5, 7.9, 8]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/admin/jobs/${jobId}/findings`,
        headers: { cookie: admin.cookie },
        payload: hotSpot({ class: "other", deltaT }),
      });
      expect(res.statusCode, res.body).toBe(201);
      severities.push(res.json().data.severity);
    }
    expect(severities).toEqual(["minor", "moderate", "moderate", "critical"]);
  });
});
