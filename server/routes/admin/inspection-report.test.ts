import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "@common/contract/findings";
import type { InspectionReportVersion } from "@common/contract/inspection-report";
import type { Report } from "@common/contract/reports";
import { inspectionConditions, jobs } from "../../db/schema";
import { imagesOf, pagesOf, pixelColoursOf } from "../../pdf/testing/poppler";
import { appWithUsers, appWithUsersForTests, type TestUser } from "../../testing/factories";
import { deliveredJobIn, type JobDriver } from "../../testing/jobs";
import { WATER_STRESS } from "../../testing/findings";
import { multipartBody } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";
import { startTilePeer, type TilePeer } from "../../testing/tile-peer";

/** About 100 m × 100 m around the findings. */
const SITE = {
  type: "Polygon",
  coordinates: [
    [
      [2.3505, 48.857],
      [2.3519, 48.857],
      [2.3519, 48.8579],
      [2.3505, 48.8579],
      [2.3505, 48.857],
    ],
  ],
};
const CONDITIONS = {
  irradiance: 812,
  ambientTemp: 21.5,
  windSpeed: 3.2,
  cloudCover: 2,
  cloudUnit: "oktas",
  aircraft: "DJI Matrice 350 RTK",
  camera: "Zenmuse H20T",
};

describe("the generated inspection report and the inspection conditions", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  let jobId: number, serviceId: number, imageId: number;
  let added: Finding[];

  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });
  const state = async (job = jobId) =>
    (await call("GET", `/api/admin/jobs/${job}/report`, admin)).json().data as { versions: InspectionReportVersion[]; warnings: string[] };
  /** Waits for the worker to publish `version` (the real queue in this app) and answers it. */
  const published = async (version: number, job = jobId): Promise<InspectionReportVersion> => {
    await expect
      .poll(async () => (await state(job)).versions.find((row) => row.version === version)?.status, { timeout: 60_000, interval: 200 })
      .toBe("published");
    return (await state(job)).versions.find((row) => row.version === version)!;
  };
  const pdfOf = async (reportId: number, user: TestUser = customer) => {
    const res = await call("GET", `/api/reports/${reportId}/file`, user);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    return res.rawPayload;
  };
  /** The PDF's text as pdftotext lays it out, every run of white space one space (a wrapped line reads on). */
  const textOfPdf = async (pdf: Buffer) => (await pagesOf(pdf)).join("\n").replace(/\s+/g, " ");

  appWithUsersForTests(["admin", "customer", "customer", "pilot", "pilot"], async (made) => {
    t = made.t;
    [admin, customer, other, pilot, otherPilot] = made.users;
    ({ serviceId, drive, jobId } = await deliveredJobIn("solar", t, admin, pilot, customer));
    expect((await call("PUT", `/api/jobs/${jobId}/site-boundary`, admin, SITE)).statusCode).toBe(200);
    // A real PNG, which the report converts to JPEG.
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody(
      { userId: String(customer.user.id), serviceId: String(serviceId), title: "IR 0042", description: "Thermal", jobId: String(jobId) },
      { name: "ir.png", type: "image/png", content: png },
    );
    const upload = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(upload.statusCode, upload.body).toBe(201);
    imageId = upload.json().data.id;
    const bodies = [
      {
        class: "hot_spot",
        lat: 48.8572,
        lon: 2.351,
        locator: "Block A / row 1 / module 7",
        maxTemp: 71.2,
        refTemp: 45.0,
        deltaT: 26.2,
        powerLoss: 0.4,
        mediaIds: [imageId],
        note: "Two cells",
      },
      { class: "bypass_diode", lat: 48.8574, lon: 2.3512, locator: "Block A / row 3 / string 2", maxTemp: 58.1, refTemp: 45.0, deltaT: 13.1, powerLoss: 1.2 },
      { class: "soiling", severity: "minor", lat: 48.8577, lon: 2.3515, locator: "Block B / row 9", note: "Bird droppings" },
    ];
    added = [];
    for (const body of bodies) {
      const res = await call("POST", `/api/admin/jobs/${jobId}/findings`, admin, body);
      expect(res.statusCode, res.body).toBe(201);
      added.push(res.json().data);
    }
  });

  describe("who may call", () => {
    const endpoints: [method: "GET" | "PUT" | "POST", path: string, body?: object][] = [
      ["GET", "inspection-conditions"],
      ["PUT", "inspection-conditions", { ...CONDITIONS, irradiance: null }],
      ["GET", "report"],
    ];

    it("answers the admins and the job's pilot; a customer (even the job's) 403, a pilot of another job 404, a visitor 401", async () => {
      for (const [method, path, body] of endpoints) {
        const url = `/api/admin/jobs/${jobId}/${path}`;
        for (const worker of [admin, pilot]) expect((await call(method, url, worker, body)).statusCode, `${method} ${path}`).toBe(200);
        for (const outsider of [customer, other]) {
          const res = await call(method, url, outsider, body);
          expect(res.statusCode, `${method} ${path}`).toBe(403);
          expect(res.json()).toEqual({ message: "This area is for administrators only" });
        }
        const res = await call(method, url, otherPilot, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json()).toEqual({ message: "Job not found" });
        expect((await call(method, url, undefined, body)).statusCode, `${method} ${path}`).toBe(401);
        expect((await call(method, `/api/admin/jobs/999999/${path}`, admin, body)).statusCode, `${method} ${path}`).toBe(404);
      }
    });

    it("refuses POST /report to a customer, another pilot and a visitor, and queues nothing for them", async () => {
      const job = await drive.jobAt(customer, "processing");
      const url = `/api/admin/jobs/${job}/report`;
      expect((await call("POST", url, customer)).statusCode).toBe(403);
      expect((await call("POST", url, other)).statusCode).toBe(403);
      expect((await call("POST", url, otherPilot)).statusCode).toBe(404);
      expect((await call("POST", url)).statusCode).toBe(401);
      expect((await state(job)).versions).toEqual([]);
      const byPilot = await call("POST", url, pilot);
      expect(byPilot.statusCode, byPilot.body).toBe(202);
      expect(byPilot.json().data).toMatchObject({ version: 1, status: "queued" });
    });
  });

  describe("PUT /api/admin/jobs/:id/inspection-conditions", () => {
    it("names the field of a value out of range", async () => {
      const url = `/api/admin/jobs/${jobId}/inspection-conditions`;
      const cases: [object, string, string][] = [
        [{ ...CONDITIONS, irradiance: -5 }, "irradiance", "irradiance must be a number from 0 to 1500"],
        [{ ...CONDITIONS, windSpeed: "calm" }, "windSpeed", "windSpeed must be a number from 0 to 60"],
        [{ ...CONDITIONS, cloudCover: 9 }, "cloudCover", "cloudCover in oktas is a whole number from 0 to 8"],
        [{ ...CONDITIONS, cloudCover: 2.5 }, "cloudCover", "cloudCover in oktas is a whole number from 0 to 8"],
        [{ ...CONDITIONS, cloudUnit: "tenths" }, "cloudUnit", "cloudUnit must be one of oktas, percent"],
        [{ ...CONDITIONS, camera: "x".repeat(121) }, "camera", "camera is at most 120 characters"],
      ];
      for (const [body, field, message] of cases) {
        const res = await call("PUT", url, admin, body);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors[field]).toBe(message);
      }
      const percent = await call("PUT", url, pilot, { ...CONDITIONS, cloudCover: 40, cloudUnit: "percent" });
      expect(percent.statusCode).toBe(200);
      expect(percent.json().data).toMatchObject({ cloudCover: 40, cloudUnit: "percent", missing: [] });
    });
  });

  describe("POST /api/admin/jobs/:id/report", () => {
    let first: InspectionReportVersion;

    it("warns, in its answer and in the PDF, when the inspection conditions are missing", async () => {
      const cleared = await call("PUT", `/api/admin/jobs/${jobId}/inspection-conditions`, admin, {
        irradiance: null,
        ambientTemp: 19,
        windSpeed: null,
        cloudCover: null,
        camera: "Zenmuse H20T",
      });
      expect(cleared.json().data.missing).toEqual(["irradiance", "windSpeed", "cloudCover"]);
      const res = await call("POST", `/api/admin/jobs/${jobId}/report`, admin);
      expect(res.statusCode, res.body).toBe(202);
      const warning = "Inspection conditions not recorded: Irradiance (W/m²), Wind (m/s), Cloud cover. An IEC TS 62446-3 report is not accepted without them.";
      expect(res.json()).toMatchObject({
        success: true,
        message: "Version 1 of the inspection report is queued",
        data: { version: 1, status: "queued", warnings: [warning] },
      });
      first = await published(1);
      expect(first).toMatchObject({ warnings: [warning], findingCount: 3, error: "" });
      const text = await textOfPdf(await pdfOf(first.reportId!));
      expect(text).toContain(`Warning: ${warning}`);
      expect(text).toContain("Irradiance (W/m²) Not recorded");
      expect(text).toContain("Ambient temperature (°C) 19 °C");
    });

    it("prints the cover, the counts by class and severity, the loss, the map and every finding's locator and image", async () => {
      const pdf = await pdfOf(first.reportId!);
      const text = await textOfPdf(pdf);
      for (const line of [
        "Thermographic inspection report",
        "Roof survey — version 1",
        "Customer",
        "Site Depot, 1 Quay St",
        "Camera Zenmuse H20T",
        "Inspection conditions",
        "Site map",
        "Scale:",
      ])
        expect(text).toContain(line);
      expect(text).toMatch(/Findings 3\b/);
      expect(text).toMatch(/Critical 1\b/);
      expect(text).toMatch(/Moderate 1\b/);
      expect(text).toMatch(/Minor 1\b/);
      expect(text).toContain("Estimated power loss 1.60 kW");
      expect(text).toMatch(/Hot spot 0 0 1 1 0\.40 kW/);
      expect(text).toMatch(/Bypass diode \/ substring 0 1 0 1 1\.20 kW/);
      expect(text).toMatch(/Soiling 1 0 0 1 0\.00 kW/);
      for (const index of added.keys()) expect(text).toContain(`Finding ${index + 1} — `);
      for (const finding of added) expect(text).toContain(finding.locator);
      expect(text).toContain("Delta T 26.2 °C");
      // Speaking to the customer: where, how severe and why, what to do.
      expect(text).toContain("Coordinates 48.857200, 2.351000");
      expect(text).toContain("Severity Critical: 26.2 °C hotter than its surroundings, 20 °C or more is critical");
      expect(text).toContain("Severity Moderate: 13.1 °C hotter than its surroundings, from 10 °C to 20 °C is moderate");
      expect(text).toContain("What to do Act promptly. Have the module checked by a technician");
      expect(text).not.toMatch(/Recorded \(open\)/);
      // The PNG, embedded once, at its own size (no wider than it was).
      expect(await imagesOf(pdf)).toEqual([expect.objectContaining({ width: 320, height: 240 })]);
    });

    it("is a report of the job in the customer's Reports tab, and nobody else's", async () => {
      const reports = (await call("GET", "/api/reports", customer)).json().data as Report[];
      expect(reports).toContainEqual(
        expect.objectContaining({ id: first.reportId, jobId, title: "Inspection report v1 — Roof survey", contentType: "application/pdf" }),
      );
      expect(((await call("GET", "/api/reports", other)).json().data as Report[]).map((report) => report.id)).not.toContain(first.reportId);
      expect((await call("GET", `/api/reports/${first.reportId}/file`, other)).statusCode).toBe(404);
    });

    it("is held from the customer until the job is delivered", async () => {
      const job = await drive.jobAt(customer, "processing");
      expect((await call("POST", `/api/admin/jobs/${job}/report`, admin)).statusCode).toBe(202);
      const version = await published(1, job);
      expect(((await call("GET", "/api/reports", customer)).json().data as Report[]).map((report) => report.id)).not.toContain(version.reportId);
    });

    it("draws an agriculture finding's area and prints its index value, and a job without findings gives a report that says so", async () => {
      const { jobId: field } = await deliveredJobIn("agriculture", t, admin, pilot, customer);
      const added = await call("POST", `/api/admin/jobs/${field}/findings`, pilot, { ...WATER_STRESS, locator: "North field / zone 3" });
      expect(added.statusCode, added.body).toBe(201);
      expect((await call("POST", `/api/admin/jobs/${field}/report`, pilot)).statusCode).toBe(202);
      const text = await textOfPdf(await pdfOf((await published(1, field)).reportId!));
      expect(text).toContain("Finding 1 — Water stress — North field / zone 3");
      expect(text).toContain("Index value 0.310");
      expect(text).toMatch(/Water stress 0 1 0 1 0\.00 kW/);

      const empty = await drive.jobAt(customer, "delivered");
      expect((await call("POST", `/api/admin/jobs/${empty}/report`, admin)).statusCode).toBe(202);
      const none = await textOfPdf(await pdfOf((await published(1, empty)).reportId!));
      expect(none).toContain("Findings 0");
      expect(none).toContain("Estimated power loss 0.00 kW");
    });

    it("is generated again as the next version when the findings change after publication, keeping the earlier", async () => {
      expect((await call("PUT", `/api/admin/jobs/${jobId}/inspection-conditions`, pilot, CONDITIONS)).statusCode).toBe(200);
      const latest = (await state()).versions[0]!;
      await published(latest.version);
      const moved = await call("PATCH", `/api/findings/${added[2]!.id}`, customer, { status: "repaired", comment: "Cleaned" });
      expect(moved.statusCode, moved.body).toBe(200);
      const next = await published(latest.version + 1);
      expect(next.warnings).toEqual([]);
      const text = await textOfPdf(await pdfOf(next.reportId!));
      expect(text).toContain(`Roof survey — version ${latest.version + 1}`);
      expect(text).not.toContain("Warning:");
      expect(text).toContain("Irradiance (W/m²) 812 W/m²");
      expect(text).toContain("Cloud cover 2/8 (oktas)");
      expect(text).toContain("Aircraft DJI Matrice 350 RTK");
      // The customer's move shows as the finding's state; its audit trail stays in the business's view (decision 0046).
      expect(text).toMatch(/Finding 3 — Soiling — Block B \/ row 9 Class Soiling Severity Minor, as judged by the inspector Status Repaired /);
      expect(text).not.toContain("From open to repaired");
      expect(text).not.toContain("Cleaned");
      const titles = ((await call("GET", "/api/reports", customer)).json().data as Report[])
        .filter((report) => report.jobId === jobId)
        .map((report) => report.title);
      expect(titles).toEqual(expect.arrayContaining(["Inspection report v1 — Roof survey", `Inspection report v${latest.version + 1} — Roof survey`]));
      // Each version its own file: the first is still there, as it was.
      expect(await textOfPdf(await pdfOf(first.reportId!))).toContain("Roof survey — version 1");

      // A finding added by the admin queues the next one too; candidates of a job with no published report queue nothing.
      expect(
        (
          await call("POST", `/api/admin/jobs/${jobId}/findings`, admin, {
            class: "shading",
            severity: "minor",
            lat: 48.8575,
            lon: 2.3511,
            locator: "Block B / row 2",
          })
        ).statusCode,
      ).toBe(201);
      const third = await published(latest.version + 2);
      expect(third.findingCount).toBe(4);
      expect(await textOfPdf(await pdfOf(third.reportId!))).toContain("Block B / row 2");
    });

    it("draws a title, site and aircraft stored with line breaks and control characters (before the one-line rule) on one line each", async () => {
      const broken = await drive.jobAt(customer, "delivered");
      // Straight into the database: the API refuses these now, but rows stored earlier keep them.
      await t.database.db
        .update(jobs)
        .set({ title: "Roof\r\nsurvey\u0007 north", siteName: "Depot\nEast", siteAddress: "1 Quay St\r\nSuite 4" })
        .where(eq(jobs.id, broken));
      expect((await call("PUT", `/api/admin/jobs/${broken}/inspection-conditions`, admin, CONDITIONS)).statusCode).toBe(200);
      await t.database.db.update(inspectionConditions).set({ aircraft: "DJI\r\nMatrice\u001b 350" }).where(eq(inspectionConditions.jobId, broken));
      expect((await call("POST", `/api/admin/jobs/${broken}/report`, admin)).statusCode).toBe(202);
      const version = await published(1, broken);
      const pages = await pagesOf(await pdfOf(version.reportId!));
      const lines = pages
        .join("\n")
        .split("\n")
        .map((line) => line.trim());
      // The cover's subtitle and every page's footer carry the title on one line.
      expect(lines).toContain("Roof survey north — version 1");
      for (const page of pages) expect(page).toContain("Inspection report v1 — Roof survey north");
      expect(lines.some((line) => /Site\s+Depot East, 1 Quay St Suite 4$/.test(line))).toBe(true);
      expect(lines.some((line) => /Aircraft\s+DJI Matrice 350$/.test(line))).toBe(true);
    });
  });
});

describe("the report's site map over the configured base map, for a job without an orthomosaic", () => {
  /** The tiles' colour, which nothing else in the report is. */
  const TILE_RGB = [200, 40, 160] as const;
  let t: TestApp, admin: TestUser, customer: TestUser, tiles: TilePeer, jobId: number;
  beforeAll(async () => {
    tiles = await startTilePeer(TILE_RGB);
    let pilot: TestUser;
    ({
      t,
      users: [admin, customer, pilot],
    } = await appWithUsers(["admin", "customer", "pilot"], { MAP_TILES_URL: tiles.template, MAP_TILES_ATTRIBUTION: "© Test Tiles contributors" }));
    ({ jobId } = await deliveredJobIn("solar", t, admin, pilot, customer));
    const boundary = await t.app.inject({ method: "PUT", url: `/api/jobs/${jobId}/site-boundary`, payload: SITE, headers: { cookie: admin.cookie } });
    expect(boundary.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await tiles?.close();
  });

  /** The job's next report, once published: the site map's page as text, and how many of its pixels are the tiles' colour (JPEG moves it by a few levels). */
  const siteMap = async () => {
    expect((await t.app.inject({ method: "POST", url: `/api/admin/jobs/${jobId}/report`, headers: { cookie: admin.cookie } })).statusCode).toBe(202);
    const versions = async () =>
      (await t.app.inject({ method: "GET", url: `/api/admin/jobs/${jobId}/report`, headers: { cookie: admin.cookie } })).json().data
        .versions as InspectionReportVersion[];
    await expect.poll(async () => (await versions()).every((version) => version.status === "published"), { timeout: 60_000, interval: 200 }).toBe(true);
    const pdf = (await t.app.inject({ method: "GET", url: `/api/reports/${(await versions())[0]!.reportId}/file`, headers: { cookie: customer.cookie } }))
      .rawPayload;
    const pages = await pagesOf(pdf);
    const page = pages.findIndex((text) => text.includes("Site map")) + 1;
    expect(page).toBeGreaterThan(0);
    const tinted = [...(await pixelColoursOf(pdf, page))].filter((colour) =>
      [1, 3, 5].every((at, index) => Math.abs(parseInt(colour.slice(at, at + 2), 16) - TILE_RGB[index]!) < 12),
    );
    return { text: pages[page - 1]!.replace(/\s+/g, " "), tinted: tinted.length };
  };

  it("draws the site map over the provider's tiles and credits them under it, naming the site to the tile server", async () => {
    const map = await siteMap();
    expect(map.tinted).toBeGreaterThan(0);
    expect(map.text).toContain("Base map: © Test Tiles contributors");
    expect(map.text).not.toContain("Base map unavailable");
    expect(tiles.requests.length).toBeGreaterThan(0);
    expect(tiles.userAgents.every((agent) => agent?.startsWith("SkyVantage site maps (http"))).toBe(true);
  });

  it("draws the map without imagery and says the base map is unavailable when the tile server is down", async () => {
    tiles.down = true;
    const map = await siteMap();
    expect(map.tinted).toBe(0);
    expect(map.text).toContain("Base map unavailable");
    expect(map.text).not.toContain("Base map: ");
    expect(map.text).toContain("Scale:");
  });
});
