import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { mapLayerMessages } from "@common/map-layers";
import { mapLayers } from "../../db/schema";
import { LocalDiskStorage } from "../../storage/local-disk";
import { appWithUsers, type TestUser } from "../../testing/factories";
import { jobDriver } from "../../testing/jobs";
import { multipartBody, postOverHttp } from "../../testing/multipart";
import { gdal, testRasters, type TestRasters } from "../../testing/rasters";
import type { TestApp } from "../../testing/test-app";

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/** Every file under the app's uploads folder, partial ones included. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, "uploads");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A file of `path` as the browser's form sends it (the declared type is the browser's guess, not trusted). */
async function fileAt(file: string, name = path.basename(file)) {
  return { name, type: "image/tiff", content: await readFile(file) };
}

function scene(env: Record<string, string> = {}) {
  const s = {} as { t: TestApp; admin: TestUser; customer: TestUser; pilot: TestUser; driver: ReturnType<typeof jobDriver>; rasters: TestRasters };
  beforeAll(async () => {
    const { t, users, serviceId } = await appWithUsers(["admin", "customer", "pilot"], env);
    const [admin, customer, pilot] = users;
    Object.assign(s, { t, admin, customer, pilot, driver: jobDriver(t, admin, pilot, serviceId), rasters: await testRasters() });
  });
  afterAll(() => s.t.close());
  const upload = async (
    jobId: number | string,
    fields: Record<string, string>,
    file?: { name: string; type: string; content: Uint8Array },
    user: TestUser | null = s.admin,
  ) => {
    const { payload, headers } = await multipartBody(fields, file);
    return s.t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${jobId}/layers`,
      payload,
      headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
    });
  };
  const layerCount = () => s.t.database.db.$count(mapLayers);
  return { s, upload, layerCount };
}

describe("POST /api/admin/jobs/:id/layers refusing a layer", () => {
  // A 1 MB limit, so a file over it is small enough to make here.
  const { s, upload, layerCount } = scene({ MAP_LAYER_MAX_MB: "1" });
  let jobId: number;
  beforeAll(async () => {
    jobId = await s.driver.jobAt(s.customer, "scheduled");
  });

  /** Sends the upload and checks it left no row and no stored file, answering the answer. */
  const refused = async (...args: Parameters<typeof upload>) => {
    const [rowsBefore, filesBefore] = await Promise.all([layerCount(), storedFiles(s.t)]);
    const res = await upload(...args);
    expect(await layerCount()).toBe(rowsBefore);
    expect(await storedFiles(s.t)).toEqual(filesBefore);
    return res;
  };

  it("refuses a visitor (401), a customer and a pilot (403) before reading the body", async () => {
    const file = await fileAt(s.rasters.dem.path);
    expect((await refused(jobId, { kind: "elevation", title: "DEM" }, file, null)).statusCode).toBe(401);
    expect((await refused(jobId, { kind: "elevation", title: "DEM" }, file, s.customer)).statusCode).toBe(403);
    expect((await refused(jobId, { kind: "elevation", title: "DEM" }, file, s.pilot)).statusCode).toBe(403);
    expect((await refused("not-a-number", { kind: "elevation", title: "DEM" }, file, s.customer)).statusCode).toBe(403);
  });

  it.each([
    [{ kind: "dsm", title: "DEM" }, { kind: mapLayerMessages.kind }],
    [{ title: "DEM" }, { kind: mapLayerMessages.kind }],
    [{ kind: "elevation", title: "  " }, { title: mapLayerMessages.title }],
    [{ kind: "elevation", title: "x".repeat(121) }, { title: mapLayerMessages.titleLong }],
    [{ kind: "elevation", title: "DEM", capturedAt: "last Tuesday" }, { capturedAt: mapLayerMessages.capturedAt }],
    [{ kind: "elevation", title: "DEM", bands: "red" }, { bands: mapLayerMessages.bandsOnlyMultispectral }],
    [{ kind: "multispectral", title: "Crop" }, { bands: mapLayerMessages.bandsNeeded }],
    [{ kind: "multispectral", title: "Crop", bands: "red,red" }, { bands: mapLayerMessages.bandsRepeated }],
    [{ kind: "multispectral", title: "Crop", bands: "red,9nir" }, { bands: mapLayerMessages.bandName }],
  ])("refuses the fields %j with 400 naming the field, storing nothing", async (fields, errors) => {
    const res = await refused(jobId, fields, await fileAt(s.rasters.dem.path));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: Object.values(errors)[0], errors });
  });

  it("answers 404 for a job that does not exist", async () => {
    const res = await refused(999_999, { kind: "elevation", title: "DEM" }, await fileAt(s.rasters.dem.path));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Job not found" });
  });

  it.each(["cancelled", "closed"] as const)("answers 409 for a %s job", async (status) => {
    const settled = await s.driver.jobAt(s.customer, status);
    const res = await refused(settled, { kind: "elevation", title: "DEM" }, await fileAt(s.rasters.dem.path));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `A ${status} job cannot be changed` });
  });

  it("answers 413 for a file over MAP_LAYER_MAX_MB", async () => {
    const big = path.join(os.tmpdir(), `skyvantage-big-${randomUUID()}.tif`);
    // 600 × 600 Float32, uncompressed: 1.4 MB.
    await gdal("gdal_create", [
      "-q",
      "-of",
      "GTiff",
      "-outsize",
      "600",
      "600",
      "-bands",
      "1",
      "-ot",
      "Float32",
      "-burn",
      "5",
      "-a_srs",
      "EPSG:32633",
      "-a_ullr",
      "500000",
      "4600000",
      "500300",
      "4599700",
      big,
    ]);
    const res = await refused(jobId, { kind: "elevation", title: "DEM" }, await fileAt(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "File exceeds the maximum size of 1MB" });
  });

  it("answers 415 for a JPEG named .tif", async () => {
    const res = await refused(jobId, { kind: "orthomosaic", title: "Ortho" }, await fileAt(s.rasters.jpegRenamed, "ortho.tif"));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('File "ortho.tif" is not an accepted file type (accepted: GeoTIFF (.tif, .tiff))');
  });

  it("answers 400 for a 0-byte file, and for no file", async () => {
    const empty = await refused(jobId, { kind: "elevation", title: "DEM" }, await fileAt(s.rasters.empty, "dem.tif"));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'File "dem.tif" is empty', errors: { file: 'File "dem.tif" is empty' } });
    const none = await refused(jobId, { kind: "elevation", title: "DEM" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please upload a file");
  });

  it.each([
    ["a truncated TIFF", "elevation", "truncated"],
    ["a TIFF with no georeference", "elevation", "noGeoreference"],
    ["a thermal layer of two bands", "thermal", "thermalTwoBands"],
    ["an orthomosaic of one band", "orthomosaic", "dem"],
    ["an elevation layer of three bands", "elevation", "orthomosaic"],
  ] as const)("refuses %s with 400 naming the file, keeping nothing", async (_case, kind, raster) => {
    const file = s.rasters[raster];
    const res = await refused(jobId, { kind, title: "Layer" }, await fileAt(typeof file === "string" ? file : file.path));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["file"]);
    expect(res.json().errors.file).toBe(res.json().message);
  });

  it("refuses a multispectral layer whose band names do not match the file's bands", async () => {
    const res = await refused(jobId, { kind: "multispectral", title: "Crop", bands: "red,nir" }, await fileAt(s.rasters.multispectral.path));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["file"]);
  });

  it("answers a refused job over HTTP once the client has sent everything", async () => {
    await s.t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = s.t.app.server.address() as AddressInfo;
    const settled = await s.driver.jobAt(s.customer, "closed");
    const { payload, headers } = await multipartBody(
      { kind: "elevation", title: "DEM" },
      { name: "dem.tif", type: "image/tiff", content: Buffer.concat([await readFile(s.rasters.dem.path), Buffer.alloc(900_000)]) },
    );
    const answer = await postOverHttp(
      port,
      `/api/admin/jobs/${settled}/layers`,
      { ...headers, cookie: s.admin.cookie, "content-length": String(payload.length) },
      (req) => Readable.from([payload]).pipe(req),
    );
    expect(answer).toEqual({ status: 409, body: JSON.stringify({ message: "A closed job cannot be changed" }) });
  });
});

describe("POST /api/admin/jobs/:id/layers accepting a layer, and DELETE /api/admin/map-layers/:id", () => {
  const { s, upload, layerCount } = scene();
  let jobId: number;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    jobId = await s.driver.jobAt(s.customer, "flown");
    storage = new LocalDiskStorage(path.join(s.t.dataDir, "uploads"));
  });

  const queuedLayerIds = async () => {
    const result = (await s.t.database.db.execute(sql`select data from pgboss.job where name = 'map-layer'`)) as unknown as Rows<{ data: { layerId: number } }>;
    return rowsOf(result).map((row) => row.data.layerId);
  };

  it("stores an elevation GeoTIFF, writes the layer queued and asks for its processing", async () => {
    const file = await fileAt(s.rasters.dem.path, "site dem.tif");
    const res = await upload(jobId, { kind: "elevation", title: "North field DSM", capturedAt: "2026-05-14" }, file);
    expect(res.statusCode).toBe(201);
    const layer: MapLayer = res.json().data;
    expect(res.json().success).toBe(true);
    expect(layer).toEqual({
      id: expect.any(Number),
      jobId,
      kind: "elevation",
      title: "North field DSM",
      status: "queued",
      progress: 0,
      error: null,
      bands: ["elevation"],
      capturedAt: "2026-05-14T00:00:00.000Z",
      bounds: null,
      resolution: null,
      stats: null,
      cogUrl: null,
      originalUrl: `/api/map-layers/${layer.id}/original`,
      originalName: "site dem.tif",
      originalSize: file.content.length,
      createdAt: expect.any(String),
    });
    const [row] = await s.t.database.db.select().from(mapLayers).where(eq(mapLayers.id, layer.id));
    expect(row).toMatchObject({ uploadedBy: s.admin.user.id, originalName: "site dem.tif", originalSize: file.content.length });
    expect(row!.originalKey).toMatch(/^map-layers\/[0-9a-f-]{36}$/);
    const stored = Buffer.concat(await (await storage.read(row!.originalKey)).toArray());
    expect(stored.equals(file.content)).toBe(true);
    expect(await queuedLayerIds()).toContain(layer.id);
  });

  it("keeps a multispectral layer's band names in file order, and names an orthomosaic's by colour", async () => {
    const multispectral = await upload(
      jobId,
      { kind: "multispectral", title: "Crop health", bands: "Blue, green,red,rededge,nir" },
      await fileAt(s.rasters.multispectral.path),
    );
    expect(multispectral.statusCode).toBe(201);
    expect(multispectral.json().data).toMatchObject({ kind: "multispectral", bands: ["blue", "green", "red", "rededge", "nir"], capturedAt: null });
    const orthomosaic = await upload(jobId, { kind: "orthomosaic", title: "Ortho" }, await fileAt(s.rasters.orthomosaic.path));
    expect(orthomosaic.statusCode).toBe(201);
    expect(orthomosaic.json().data.bands).toEqual(["red", "green", "blue"]);
    const thermal = await upload(jobId, { kind: "thermal", title: "Roof heat" }, await fileAt(s.rasters.thermal.path));
    expect(thermal.json().data.bands).toEqual(["temperature"]);
  });

  /** A layer row written as processing would leave it, with its files in storage. */
  const readyLayer = async (cog: "own" | "original") => {
    const originalKey = `map-layers/${randomUUID()}`;
    const cogKey = cog === "own" ? `map-layers/${randomUUID()}.tif` : originalKey;
    await storage.put(originalKey, Readable.from([Buffer.from("original bytes")]));
    if (cog === "own") await storage.put(cogKey, Readable.from([Buffer.from("cog bytes")]));
    const [row] = await s.t.database.db
      .insert(mapLayers)
      .values({ jobId, kind: "elevation", title: "DSM", status: "ready", progress: 100, originalKey, originalName: "dsm.tif", originalSize: 14, cogKey })
      .returning();
    return row!;
  };

  it("deletes a layer with its original and its COG", async () => {
    const layer = await readyLayer("own");
    const del = (user: TestUser | null) =>
      s.t.app.inject({ method: "DELETE", url: `/api/admin/map-layers/${layer.id}`, headers: user ? { cookie: user.cookie } : {} });
    expect((await del(null)).statusCode).toBe(401);
    expect((await del(s.customer)).statusCode).toBe(403);
    expect((await del(s.pilot)).statusCode).toBe(403);
    expect(await storage.stat(layer.cogKey!)).not.toBeNull();

    const res = await del(s.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Map layer deleted" });
    expect(await s.t.database.db.$count(mapLayers, eq(mapLayers.id, layer.id))).toBe(0);
    expect(await storage.stat(layer.originalKey)).toBeNull();
    expect(await storage.stat(layer.cogKey!)).toBeNull();
    expect((await del(s.admin)).statusCode).toBe(404);
  });

  it("deletes a layer whose upload was already its COG", async () => {
    const layer = await readyLayer("original");
    const before = await layerCount();
    const res = await s.t.app.inject({ method: "DELETE", url: `/api/admin/map-layers/${layer.id}`, headers: { cookie: s.admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await layerCount()).toBe(before - 1);
    expect(await storage.stat(layer.originalKey)).toBeNull();
  });

  it("answers 404 for a layer that does not exist, and 400 for an id that is not one", async () => {
    const missing = await s.t.app.inject({ method: "DELETE", url: "/api/admin/map-layers/999999", headers: { cookie: s.admin.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Map layer not found" });
    expect((await s.t.app.inject({ method: "DELETE", url: "/api/admin/map-layers/abc", headers: { cookie: s.admin.cookie } })).statusCode).toBe(400);
  });
});
