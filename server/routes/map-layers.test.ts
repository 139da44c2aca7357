import { randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import type { MapLayerStatus } from "@common/map-layer-kinds";
import { siteArea } from "@common/site-area-of";
import { siteBoundaryMessages } from "@common/site-boundary";
import { jobs, mapLayers } from "../db/schema";
import { LocalDiskStorage } from "../storage/local-disk";
import { type TestUser } from "../testing/factories";
import { type JobDriver, jobsAppForTests, postQuoteRequest, SMALL_SITE_RING } from "../testing/jobs";
import type { TestApp } from "../testing/test-app";

const ORIGINAL = Buffer.from("II*\0 the original upload, as the admin sent it");
const COG = Buffer.from("II*\0 the processed cloud optimized geotiff");

describe("a job's map layers and site boundary", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  let storage: LocalDiskStorage;
  jobsAppForTests(["admin", "customer", "customer", "pilot", "pilot"], (made) => {
    ({ t, drive } = made);
    [admin, customer, other, pilot, otherPilot] = made.users;
    storage = new LocalDiskStorage(path.join(t.dataDir, "uploads"));
  });

  const send = (method: "GET" | "PUT", url: string, user?: TestUser, options: { payload?: unknown; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...options.headers, ...(user ? { cookie: user.cookie } : {}) },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const listed = async (jobId: number, user: TestUser) =>
    ((await send("GET", `/api/jobs/${jobId}/layers`, user)).json().data as MapLayer[]).map((layer) => layer.title);

  /** A layer row as processing leaves it (no GDAL here), with its files in storage. */
  const layer = async (jobId: number, title: string, status: MapLayerStatus) => {
    const originalKey = `map-layers/${randomUUID()}`;
    await storage.put(originalKey, Readable.from([ORIGINAL]));
    let cogKey: string | null = null;
    // A COG is written before its layer is marked ready: a processing layer may already have one.
    if (status === "ready" || status === "processing") {
      cogKey = `map-layers/${randomUUID()}.tif`;
      await storage.put(cogKey, Readable.from([COG]));
    }
    const ready = status === "ready";
    const [row] = await t.database.db
      .insert(mapLayers)
      .values({
        jobId,
        kind: "elevation",
        title,
        status,
        progress: ready ? 100 : status === "processing" ? 40 : 0,
        error: status === "failed" ? "GDAL could not read the file" : null,
        bands: ["elevation"],
        capturedAt: new Date("2026-05-14T10:30:00Z"),
        originalKey,
        originalName: `${title}.tif`,
        originalSize: ORIGINAL.length,
        cogKey,
        bounds: ready ? [-97.001, 31.999, -96.999, 32.001] : null,
        resolutionCm: ready ? 4.2 : null,
        stats: ready ? [{ name: "elevation", min: 150, max: 178.5, mean: 160.1, stdDev: 6.2 }] : null,
        uploadedBy: admin.user.id,
      })
      .returning();
    return row!;
  };

  /** A job at `status` with one layer of each status, added oldest to newest. */
  const jobWithLayers = async (status: "scheduled" | "delivered") => {
    const jobId = await drive.jobAt(customer, status);
    const rows = [];
    for (const [title, layerStatus] of [
      ["Ready DSM", "ready"],
      ["Processing DSM", "processing"],
      ["Failed DSM", "failed"],
      ["Queued DSM", "queued"],
    ] as const)
      rows.push(await layer(jobId, title, layerStatus));
    return { jobId, ready: rows[0]!, processing: rows[1]!, failed: rows[2]! };
  };

  describe("GET /api/jobs/:id/layers", () => {
    let delivered: Awaited<ReturnType<typeof jobWithLayers>>, scheduled: Awaited<ReturnType<typeof jobWithLayers>>;
    beforeAll(async () => {
      delivered = await jobWithLayers("delivered");
      scheduled = await jobWithLayers("scheduled");
    });

    it("the admins and the job's pilot see every layer, oldest first; the customer the ready ones once delivered; another customer or pilot 404; a visitor 401", async () => {
      const every = ["Ready DSM", "Processing DSM", "Failed DSM", "Queued DSM"];
      expect(await listed(delivered.jobId, admin)).toEqual(every);
      expect(await listed(delivered.jobId, pilot)).toEqual(every);
      expect(await listed(delivered.jobId, customer)).toEqual(["Ready DSM"]);
      expect(await listed(scheduled.jobId, pilot)).toEqual(every);
      expect(await listed(scheduled.jobId, customer)).toEqual([]);
      for (const jobId of [delivered.jobId, scheduled.jobId]) {
        expect((await send("GET", `/api/jobs/${jobId}/layers`)).statusCode).toBe(401);
        for (const stranger of [other, otherPilot]) {
          const res = await send("GET", `/api/jobs/${jobId}/layers`, stranger);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: "Job not found" });
        }
      }
      expect((await send("GET", "/api/jobs/999999/layers", admin)).statusCode).toBe(404);
      expect((await send("GET", "/api/jobs/abc/layers", admin)).statusCode).toBe(400);
    });

    it("answers each layer's wire shape: its files by URL, the COG's only once ready, never a storage key", async () => {
      const res = await send("GET", `/api/jobs/${delivered.jobId}/layers`, admin);
      const [ready, processing, failed] = res.json().data as MapLayer[];
      expect(ready).toEqual({
        id: delivered.ready.id,
        jobId: delivered.jobId,
        kind: "elevation",
        title: "Ready DSM",
        status: "ready",
        progress: 100,
        error: null,
        bands: ["elevation"],
        capturedAt: "2026-05-14T10:30:00.000Z",
        bounds: [-97.001, 31.999, -96.999, 32.001],
        resolution: 4.2,
        stats: [{ name: "elevation", min: 150, max: 178.5, mean: 160.1, stdDev: 6.2 }],
        cogUrl: `/api/map-layers/${delivered.ready.id}/cog`,
        originalUrl: `/api/map-layers/${delivered.ready.id}/original`,
        originalName: "Ready DSM.tif",
        originalSize: ORIGINAL.length,
        createdAt: delivered.ready.createdAt.toISOString(),
      });
      expect(processing).toMatchObject({
        status: "processing",
        progress: 40,
        cogUrl: null,
        originalUrl: `/api/map-layers/${delivered.processing.id}/original`,
      });
      expect(failed).toMatchObject({ status: "failed", error: "GDAL could not read the file", cogUrl: null, bounds: null, stats: null });
      for (const key of [delivered.ready.originalKey, delivered.ready.cogKey!, delivered.processing.cogKey!]) expect(res.body).not.toContain(key);
    });
  });

  describe("GET /api/map-layers/:id/cog and /original", () => {
    let delivered: Awaited<ReturnType<typeof jobWithLayers>>, scheduled: Awaited<ReturnType<typeof jobWithLayers>>;
    beforeAll(async () => {
      delivered = await jobWithLayers("delivered");
      scheduled = await jobWithLayers("scheduled");
    });

    it("serves a ready layer's files to the job's customer (once delivered), its pilot and the admins; another customer or pilot 404, and a visitor 404 too", async () => {
      const callers = { visitor: undefined, customer, other, pilot, otherPilot, admin };
      const cases = [
        { layer: delivered.ready, expected: { visitor: 404, customer: 200, other: 404, pilot: 200, otherPilot: 404, admin: 200 } },
        { layer: scheduled.ready, expected: { visitor: 404, customer: 404, other: 404, pilot: 200, otherPilot: 404, admin: 200 } },
      ];
      for (const { layer: row, expected } of cases) {
        for (const file of ["cog", "original"]) {
          const url = `/api/map-layers/${row.id}/${file}`;
          const answered = Object.fromEntries(
            await Promise.all(Object.entries(callers).map(async ([name, user]) => [name, (await send("GET", url, user)).statusCode])),
          );
          expect({ url, answered }).toEqual({ url, answered: expected });
        }
      }
    });

    it("serves the bytes as image/tiff with Range, and as a download when asked", async () => {
      const cog = await send("GET", `/api/map-layers/${delivered.ready.id}/cog`, customer);
      expect(cog.statusCode).toBe(200);
      expect(cog.headers["content-type"]).toBe("image/tiff");
      expect(cog.headers["accept-ranges"]).toBe("bytes");
      expect(cog.rawPayload.equals(COG)).toBe(true);

      const part = await send("GET", `/api/map-layers/${delivered.ready.id}/cog`, customer, { headers: { range: "bytes=4-7" } });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 4-7/${COG.length}`);
      expect(part.rawPayload.equals(COG.subarray(4, 8))).toBe(true);

      const original = await send("GET", `/api/map-layers/${delivered.ready.id}/original?download=1`, customer);
      expect(original.rawPayload.equals(ORIGINAL)).toBe(true);
      expect(original.headers["content-disposition"]).toBe(`attachment; filename="Ready DSM.tiff"; filename*=UTF-8''Ready%20DSM.tiff`);
      const cogDownload = await send("GET", `/api/map-layers/${delivered.ready.id}/cog?download=1`, customer);
      expect(cogDownload.headers["content-disposition"]).toMatch(/^attachment; filename="Ready DSM COG\.tiff"/);
    });

    it("answers 404 for the COG of a layer not ready yet, though its original is there for the admins and the pilot", async () => {
      for (const user of [admin, pilot]) {
        const cog = await send("GET", `/api/map-layers/${delivered.processing.id}/cog`, user);
        expect(cog.statusCode).toBe(404);
        expect(cog.json()).toEqual({ message: "This layer is not processed yet" });
        expect((await send("GET", `/api/map-layers/${delivered.processing.id}/original`, user)).statusCode).toBe(200);
      }
      expect((await send("GET", `/api/map-layers/${delivered.failed.id}/cog`, admin)).statusCode).toBe(404);
    });

    it("hides a layer that is not ready from the customer, even once the job is delivered", async () => {
      for (const row of [delivered.processing, delivered.failed]) {
        const res = await send("GET", `/api/map-layers/${row.id}/original`, customer);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Map layer not found" });
      }
    });

    it("answers 404 for a layer that does not exist, and for one whose file has gone", async () => {
      expect((await send("GET", "/api/map-layers/999999/original", admin)).statusCode).toBe(404);
      const gone = await layer(delivered.jobId, "Gone", "failed");
      await storage.delete(gone.originalKey);
      expect((await send("GET", `/api/map-layers/${gone.id}/original`, admin)).statusCode).toBe(404);
    });
  });

  describe("PUT /api/jobs/:id/site-boundary", () => {
    // About 100 m × 100 m near 32° N.
    const square = {
      type: "Polygon",
      coordinates: [
        [
          [-97.0, 32.0],
          [-96.99894, 32.0],
          [-96.99894, 32.0009],
          [-97.0, 32.0009],
          [-97.0, 32.0],
        ],
      ],
    };
    const put = (jobId: number, user?: TestUser, payload: unknown = square) => send("PUT", `/api/jobs/${jobId}/site-boundary`, user, { payload });
    const storedBoundary = async (jobId: number) =>
      (await t.database.db.select({ siteBoundary: jobs.siteBoundary }).from(jobs).where(eq(jobs.id, jobId)))[0]!.siteBoundary;

    it("lets the job's customer draw the site while the job is requested, answering its geodesic area", async () => {
      const jobId = await drive.jobAt(customer, "requested");
      const res = await put(jobId, customer);
      expect(res.statusCode).toBe(200);
      const area = res.json();
      expect(area).toEqual(siteArea(square as never));
      // 100.07 m east–west by 99.77 m north–south.
      expect(area.areaM2).toBeGreaterThan(9_950);
      expect(area.areaM2).toBeLessThan(10_020);
      expect(area).toMatchObject({ acres: 2.47, hectares: 1 });
      expect(await storedBoundary(jobId)).toEqual(square);
      const job = (await send("GET", `/api/jobs/${jobId}`, customer)).json().data;
      expect(job).toMatchObject({ siteBoundary: square, siteArea: area });
    });

    it("a quote request answers the job it opened, so the quote form can store the boundary on it", async () => {
      const res = await postQuoteRequest(t, customer, { serviceType: "solar", description: "Forty acres of panels" });
      expect(res.statusCode).toBe(201);
      const { quoteId, jobId } = res.json().data;
      const [job] = await t.database.db.select({ quoteId: jobs.quoteId, userId: jobs.userId }).from(jobs).where(eq(jobs.id, jobId));
      expect(job).toEqual({ quoteId, userId: customer.user.id });
      expect((await put(jobId, customer)).statusCode).toBe(200);
    });

    it("refuses the customer once the request is accepted (409), keeping the boundary; the admins change it any time", async () => {
      const jobId = await drive.jobAt(customer, "requested");
      expect((await put(jobId, customer)).statusCode).toBe(200);
      const [quote] = await t.database.db.select({ quoteId: jobs.quoteId }).from(jobs).where(eq(jobs.id, jobId));
      expect(
        (
          await t.app.inject({
            method: "PATCH",
            url: `/api/admin/quotes/${quote!.quoteId}`,
            headers: { cookie: admin.cookie },
            payload: { status: "accepted", price: 50_000 },
          })
        ).statusCode,
      ).toBe(200);
      const moved = { ...square, coordinates: [square.coordinates[0]!.map(([lon, lat]) => [lon! + 0.01, lat!])] };
      const refused = await put(jobId, customer, moved);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: "The site boundary can be changed until the request is accepted; ask us to change it" });
      expect(await storedBoundary(jobId)).toEqual(square);

      expect((await put(jobId, admin, moved)).statusCode).toBe(200);
      expect(await storedBoundary(jobId)).toEqual(moved);
      const delivered = await drive.jobAt(customer, "delivered");
      expect((await put(delivered, admin)).statusCode).toBe(200);
      expect((await put(delivered, customer)).statusCode).toBe(409);
    });

    it("refuses the job's pilot, another customer and another pilot with 404, a visitor with 401", async () => {
      const requested = await drive.jobAt(customer, "requested");
      const scheduled = await drive.jobAt(customer, "scheduled");
      for (const jobId of [requested, scheduled]) {
        expect((await put(jobId)).statusCode).toBe(401);
        for (const user of [pilot, other, otherPilot]) {
          const res = await put(jobId, user);
          expect({ jobId, user: user.user.username, status: res.statusCode, body: res.json() }).toEqual({
            jobId,
            user: user.user.username,
            status: 404,
            body: { message: "Job not found" },
          });
        }
        expect(await storedBoundary(jobId)).toBeNull();
      }
      expect((await put(999_999, admin)).statusCode).toBe(404);
    });

    it.each([
      [
        "a bow tie",
        {
          type: "Polygon",
          coordinates: [
            [
              [-97, 32],
              [-96.999, 32.001],
              [-96.999, 32],
              [-97, 32.001],
              [-97, 32],
            ],
          ],
        },
        "coordinates",
        siteBoundaryMessages.crossing,
      ],
      [
        "an open ring",
        // The ring without its closing corner.
        { type: "Polygon", coordinates: [SMALL_SITE_RING.slice(0, -1)] },
        "coordinates.0",
        siteBoundaryMessages.ring,
      ],
      ["a point", { type: "Point", coordinates: [-97, 32] }, "type", siteBoundaryMessages.shape],
      [
        "a boundary larger than 1,000 km²",
        {
          type: "Polygon",
          coordinates: [
            [
              [-97, 32],
              [-96, 32],
              [-96, 33],
              [-97, 33],
              [-97, 32],
            ],
          ],
        },
        "coordinates",
        siteBoundaryMessages.tooLarge,
      ],
    ])("refuses %s with 400 naming the field, keeping what was stored", async (_case, payload, field, message) => {
      const jobId = await drive.jobAt(customer, "requested");
      const res = await put(jobId, customer, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(await storedBoundary(jobId)).toBeNull();
    });

    it("refuses a corner off the globe, naming where it is", async () => {
      const jobId = await drive.jobAt(customer, "requested");
      const res = await put(jobId, admin, {
        type: "Polygon",
        coordinates: [
          [
            [-197, 32],
            [-96.999, 32],
            [-96.999, 32.001],
            [-197, 32],
          ],
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).every((key) => key.startsWith("coordinates"))).toBe(true);
    });
  });
});
