import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LayerDetection } from "@common/contract/finding-detection";
import type { Finding } from "@common/contract/findings";
import { detectionMessages } from "@common/finding-detection";
import { severityForDeltaT } from "@common/findings";
import { findingDetections, mapLayers, siteLayouts } from "../../db/schema";
import { pagesOf } from "../../pdf/testing/poppler";
import { appWithUsers, type TestUser } from "../../testing/factories";
import { deliveredJobIn } from "../../testing/jobs";
import { multipartBody } from "../../testing/multipart";
import { lonLatOf } from "../../testing/rasters";
import type { TestApp } from "../../testing/test-app";
import { type PlantedSpot, backgroundAt, writePlantedThermal } from "../../testing/thermal-rasters";

// 480 × 360 pixels of 10 cm in UTM 14N (north Texas): 48 × 36 m of roof.
const SIZE = { width: 480, height: 360 };
const PIXEL = 0.1;
const GEO = { srs: "EPSG:32614", geoTransform: [658_000, PIXEL, 0, 3_542_000, 0, -PIXEL] as const };
/** Spots of 2 to 8 pixels, ΔT from 4.5 to 35 °C, over noise of 0.4 °C; the last stays under the 3 °C floor. */
const SPOTS: PlantedSpot[] = [
  { column: 60, row: 50, size: 2, deltaT: 6 },
  { column: 200, row: 80, size: 4, deltaT: 12 },
  { column: 350, row: 60, size: 8, deltaT: 25 },
  { column: 100, row: 250, size: 6, deltaT: 35 },
  { column: 300, row: 260, size: 3, deltaT: 4.5 },
];
const TOO_MILD: PlantedSpot = { column: 420, row: 300, size: 5, deltaT: 2 };

/** Metres between two WGS84 points a few metres apart. */
const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((b.lon - a.lon) * Math.cos((a.lat * Math.PI) / 180), b.lat - a.lat) * (Math.PI / 180) * 6_371_000;

describe("hot-spot detection on a thermal layer", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let dir: string, planted: string, uniform: string, jobId: number;
  beforeAll(async () => {
    ({
      t,
      users: [admin, customer, other, pilot, otherPilot],
    } = await appWithUsers(["admin", "customer", "customer", "pilot", "pilot"], { GDAL_ENGINE: "auto" }));
    ({ jobId } = await deliveredJobIn("solar", t, admin, pilot, customer));
    dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-detect-test-"));
    [planted, uniform] = await Promise.all([
      writePlantedThermal(dir, "planted", { ...SIZE, ...GEO, spots: [...SPOTS, TOO_MILD], noise: 0.4 }),
      writePlantedThermal(dir, "uniform", { ...SIZE, ...GEO, spots: [], noise: 0.4, seed: 7 }),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const call = (method: "GET" | "POST" | "PATCH", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });
  /** Uploads a GeoTIFF as the admin does, and waits for the queue to process it. */
  async function readyLayer(file: string, kind = "thermal"): Promise<number> {
    const { payload, headers } = await multipartBody(
      { kind, title: `${kind} ${path.basename(file)}` },
      { name: path.basename(file), type: "image/tiff", content: await readFile(file) },
    );
    const res = await t.app.inject({ method: "POST", url: `/api/admin/jobs/${jobId}/layers`, payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const id: number = res.json().data.id;
    const status = async () => (await t.database.db.select({ status: mapLayers.status }).from(mapLayers).where(eq(mapLayers.id, id)))[0]!.status;
    await expect.poll(status, { timeout: 30_000, interval: 100 }).toBe("ready");
    return id;
  }
  const detection = async (layerId: number): Promise<LayerDetection> => {
    const res = await call("GET", `/api/admin/jobs/${jobId}/detections`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as LayerDetection[]).find((item) => item.layerId === layerId)!;
  };
  /** Asks for detection and waits for the queue to finish it. */
  async function detect(layerId: number, user: TestUser = admin): Promise<LayerDetection> {
    const res = await call("POST", `/api/admin/layers/${layerId}/detect`, user);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ success: true, message: detectionMessages.queued, data: { layerId, status: "queued", candidates: null } });
    await expect.poll(async () => (await detection(layerId)).status, { timeout: 30_000, interval: 100 }).toBe("done");
    return detection(layerId);
  }
  const candidates = async (): Promise<Finding[]> =>
    ((await call("GET", `/api/admin/jobs/${jobId}/findings?candidates=true`, admin)).json().data as Finding[]).filter((item) => item.status === "candidate");

  let layerId: number;
  it("finds each planted hot spot at its place with its ΔT, and nothing in the noise or under the floor", async () => {
    layerId = await readyLayer(planted);
    expect(await detection(layerId)).toMatchObject({ layerId, layerStatus: "ready", status: null, candidates: null });
    const done = await detect(layerId);
    expect(done).toMatchObject({ status: "done", candidates: SPOTS.length, error: null });
    const found = await candidates();
    expect(found).toHaveLength(SPOTS.length);
    for (const spot of SPOTS) {
      const centre = await lonLatOf(planted, spot.column + spot.size / 2, spot.row + spot.size / 2);
      const match = found.find((candidate) => metres(candidate, centre) <= (spot.size * 0.71 + 1.5) * PIXEL);
      expect(match, `spot of ${spot.size} px, ΔT ${spot.deltaT}`).toBeDefined();
      expect(match!.deltaT).toBeCloseTo(spot.deltaT, 0);
      expect(Math.abs(match!.deltaT! - spot.deltaT)).toBeLessThan(0.5);
      expect(Math.abs(match!.refTemp! - backgroundAt(SIZE, spot.column, spot.row))).toBeLessThan(0.5);
      expect(match!.maxTemp).toBeCloseTo(match!.refTemp! + match!.deltaT!, 1);
      expect(match).toMatchObject({ class: "hot_spot", severity: severityForDeltaT(spot.deltaT), locator: "" });
      // Warped to Web Mercator by nearest neighbour, a square keeps its area give or take a row; the
      // note gives it on the ground, in the customer's words, with no pixel of the raster (decision 0046).
      expect(match!.note).toMatch(
        /^Found on the thermal layer thermal planted\.tif: a hot area of about \d+\.\d\d m² at least 3 °C warmer than its surroundings\.$/,
      );
      const squareMetres = Number(/about (\d+\.\d\d) m²/.exec(match!.note)?.[1]);
      expect(Math.abs(squareMetres - spot.size * spot.size * PIXEL * PIXEL)).toBeLessThanOrEqual((spot.size + 1) * PIXEL * PIXEL + 0.01);
      expect(match!.history).toMatchObject([{ by: admin.user.id, from: null, to: "candidate" }]);
    }
  });

  it("gives a candidate detected inside the site's layout that feature's locator (docs/decisions/0071-site-layouts.md)", async () => {
    const spot = SPOTS[0]!;
    const centre = await lonLatOf(planted, spot.column + spot.size / 2, spot.row + spot.size / 2);
    // About 4 m each way around the first spot: a table of the array, written as an import stores it.
    const d = 0.00004;
    const ring: [number, number][] = [
      [centre.lon - d, centre.lat - d],
      [centre.lon + d, centre.lat - d],
      [centre.lon + d, centre.lat + d],
      [centre.lon - d, centre.lat + d],
      [centre.lon - d, centre.lat - d],
    ];
    await t.database.db.insert(siteLayouts).values({
      jobId,
      userId: customer.user.id,
      name: "tables.geojson",
      features: [{ type: "Feature", properties: { locator: "Block A / Row 1 / String 2" }, geometry: { type: "Polygon", coordinates: [ring] } }],
      bbox: [centre.lon - d, centre.lat - d, centre.lon + d, centre.lat + d],
      uploadedBy: admin.user.id,
    });
    try {
      expect(await detect(layerId)).toMatchObject({ status: "done", candidates: SPOTS.length });
      const found = await candidates();
      const inside = found.filter((candidate) => metres(candidate, centre) <= 3);
      expect(inside.map((candidate) => candidate.locator)).toEqual(["Block A / Row 1 / String 2"]);
      expect(found.filter((candidate) => candidate.locator === "")).toHaveLength(SPOTS.length - 1);
    } finally {
      await t.database.db.delete(siteLayouts).where(eq(siteLayouts.jobId, jobId));
    }
  });

  it("proposes nothing on a uniform raster", async () => {
    const uniformId = await readyLayer(uniform);
    expect(await detect(uniformId)).toMatchObject({ status: "done", candidates: 0 });
    expect((await candidates()).length).toBe(SPOTS.length);
  });

  it("accepts and rejects candidates by PATCH, and a new run replaces only the undecided ones", async () => {
    const [accept, reject] = await candidates();
    const accepted = await call("PATCH", `/api/admin/findings/${accept!.id}`, admin, { status: "open" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: "open", deltaT: accept!.deltaT, severity: accept!.severity });
    const rejected = await call("PATCH", `/api/admin/findings/${reject!.id}`, admin, { status: "dismissed" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: "dismissed", dismissReason: detectionMessages.rejected });

    // Run again by the job's pilot: the three undecided come back once each; the decided two stay and are not proposed again.
    expect(await detect(layerId, pilot)).toMatchObject({ status: "done", candidates: SPOTS.length - 2 });
    const again = await candidates();
    expect(again).toHaveLength(SPOTS.length - 2);
    expect(again.map((item) => item.id)).not.toContain(accept!.id);
    const all = (await call("GET", `/api/admin/jobs/${jobId}/findings?candidates=true`, admin)).json().data as Finding[];
    expect(
      all
        .filter((item) => item.id === accept!.id || item.id === reject!.id)
        .map((item) => item.status)
        .sort(),
    ).toEqual(["dismissed", "open"]);
  });

  it("never shows a candidate or a rejected one to the customer: not in the list, the counts or the exports, and not by its id", async () => {
    const [candidate] = await candidates();
    const list = (await call("GET", `/api/jobs/${jobId}/findings`, customer)).json() as { data: Finding[]; counts: Record<string, number> };
    expect(list.data.map((item) => item.status)).toEqual(["open"]);
    expect(list.counts).toMatchObject({ open: 1, dismissed: 0 });
    expect(Object.keys(list.counts)).not.toContain("candidate");
    const csvIds = (await call("GET", `/api/jobs/${jobId}/findings.csv`, customer)).body
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => Number(line.split(",")[0]));
    expect(csvIds.sort()).toEqual(list.data.map((item) => item.id).sort());
    expect((await call("PATCH", `/api/findings/${candidate!.id}`, customer, { status: "repair_planned" })).statusCode).toBe(404);
    expect((await call("GET", `/api/admin/jobs/${jobId}/findings?candidates=true`, customer)).statusCode).toBe(403);
  });

  it("leaves the rejected candidate out of the customer's inspection report and its shared copy: not counted, mapped or printed, and no audit trail or pixel", async () => {
    const requested = await call("POST", `/api/admin/jobs/${jobId}/report`, admin);
    expect(requested.statusCode, requested.body).toBe(202);
    const version = requested.json().data.version as number;
    const versions = async () =>
      (await call("GET", `/api/admin/jobs/${jobId}/report`, admin)).json().data.versions as {
        version: number;
        status: string;
        reportId: number | null;
        findingCount: number;
      }[];
    await expect.poll(async () => (await versions()).find((row) => row.version === version)?.status, { timeout: 60_000, interval: 200 }).toBe("published");
    const published = (await versions()).find((row) => row.version === version)!;
    expect(published.findingCount).toBe(1);
    const file = await call("GET", `/api/reports/${published.reportId}/file`, customer);
    expect(file.statusCode).toBe(200);
    const text = (await pagesOf(file.rawPayload)).join("\n").replace(/\s+/g, " ");
    expect(text).toMatch(/Summary Findings 1 /);
    // The map numbers one pin: "1" after the north arrow, and no second.
    expect(text).toMatch(/Site map N 1 Scale:/);
    expect(text).toContain("Finding 1 — Hot spot");
    expect(text).not.toContain("Finding 2 — ");
    for (const hidden of ["ismissed", "Rejected candidate", "not a fault", "Candidate", "Recorded", "Proposed by", "pixel", "admin"])
      expect(text).not.toContain(hidden);
    for (const told of ["Severity ", "What to do ", "Coordinates ", "Found on the thermal layer thermal planted.tif"]) expect(text).toContain(told);

    // A link the customer shares lists the same report, described by the same count, and serves the same file.
    const link = await call("POST", `/api/jobs/${jobId}/share-links`, customer, {
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      allowDownload: true,
    });
    expect(link.statusCode, link.body).toBe(201);
    const api = `/api/share/${(link.json().data.url as string).replace("/share/", "")}`;
    const shared = (await call("GET", api)).json() as { reports: { id: number; description: string }[] };
    expect(shared.reports).toContainEqual(
      expect.objectContaining({ id: published.reportId, description: expect.stringMatching(/^Generated from 1 finding\./) }),
    );
    expect(JSON.stringify(shared)).not.toContain("ismissed");
    const sharedFile = await call("GET", `${api}/reports/${published.reportId}`);
    expect(sharedFile.statusCode).toBe(200);
    expect(sharedFile.rawPayload.equals(file.rawPayload)).toBe(true);
  });

  describe("who may ask, and which layers", () => {
    it("refuses a visitor (401), a customer or another customer (403), a pilot of another job (404)", async () => {
      for (const [user, status] of [
        [undefined, 401],
        [customer, 403],
        [other, 403],
        [otherPilot, 404],
      ] as const) {
        expect((await call("POST", `/api/admin/layers/${layerId}/detect`, user)).statusCode).toBe(status);
        expect((await call("GET", `/api/admin/jobs/${jobId}/detections`, user)).statusCode).toBe(status);
      }
      expect((await call("POST", "/api/admin/layers/999999/detect", admin)).statusCode).toBe(404);
      expect((await call("GET", `/api/admin/jobs/${jobId}/detections`, pilot)).statusCode).toBe(200);
    });

    it("answers 400 naming the layer for a layer that is not thermal", async () => {
      const [row] = await t.database.db
        .insert(mapLayers)
        .values({
          jobId,
          kind: "elevation",
          title: "DSM",
          status: "ready",
          originalKey: "map-layers/none",
          originalName: "dsm.tif",
          originalSize: 1,
          cogKey: "map-layers/none",
        })
        .returning();
      const res = await call("POST", `/api/admin/layers/${row!.id}/detect`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: detectionMessages.notThermal("elevation"), errors: { id: detectionMessages.notThermal("elevation") } });
    });

    it("answers 409 for a thermal layer not processed, and while a detection is queued or running", async () => {
      for (const status of ["queued", "failed"] as const) {
        const [row] = await t.database.db
          .insert(mapLayers)
          .values({ jobId, kind: "thermal", title: "Roof", status, originalKey: "map-layers/none", originalName: "roof.tif", originalSize: 1 })
          .returning();
        const res = await call("POST", `/api/admin/layers/${row!.id}/detect`, admin);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: detectionMessages.notReady(status) });
      }
      await t.database.db.update(findingDetections).set({ status: "running" }).where(eq(findingDetections.layerId, layerId));
      const busy = await call("POST", `/api/admin/layers/${layerId}/detect`, admin);
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toEqual({ message: detectionMessages.busy("running") });
    });
  });
});
