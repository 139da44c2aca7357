import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapLayers } from "../db/schema";
import { appWithUsers, type TestUser } from "../testing/factories";
import { jobDriver } from "../testing/jobs";
import { multipartBody } from "../testing/multipart";
import { gdal, testRasters, type TestRasters, writeSparseBigTiff } from "../testing/rasters";
import { startSmtpPeer } from "../testing/smtp-peer";
import type { TestApp } from "../testing/test-app";
import { layerMessages } from "./process-layer-task";
import { geoTiffMessages } from "./validate-geotiff";

const WAIT = { timeout: 60_000, interval: 200 };
// Bounds so loose that a hostile raster reaches GDAL, as one would that the bounds cannot catch.
const LOOSE_BOUNDS = { MAP_LAYER_MAX_EXTENT_KM: "1e40", MAP_LAYER_MAX_PIXEL_CM: "1e40" };

let root: string;
let hostile: string;
let sparse: string;
let rasters: TestRasters;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "skyvantage-limits-"));
  hostile = path.join(root, "hostile.tif");
  sparse = path.join(root, "sparse.tif");
  // 20 × 20 pixels placed over 2·10³⁰ m: gdalinfo computes its extent for as long as it is let.
  await gdal("gdal_create", [
    "-q",
    "-of",
    "GTiff",
    "-outsize",
    "20",
    "20",
    "-bands",
    "1",
    "-burn",
    "5",
    "-a_srs",
    "EPSG:3857",
    "-a_ullr",
    "-1e30",
    "1e30",
    "1e30",
    "-1e30",
    hostile,
  ]);
  // 200,000 × 200,000 pixels in a few kilobytes: every tile left out.
  await writeSparseBigTiff(sparse, 200_000);
  rasters = await testRasters();
});
afterAll(() => rm(root, { recursive: true, force: true }));

function scene(env: Record<string, string>) {
  const s = {} as { t: TestApp; admin: TestUser; jobId: number };
  beforeAll(async () => {
    const { t, users, serviceId } = await appWithUsers(["admin", "customer", "pilot"], env);
    const [admin, customer, pilot] = users;
    Object.assign(s, { t, admin, jobId: await jobDriver(t, admin, pilot, serviceId).jobAt(customer, "flown") });
  });
  afterAll(() => s.t.close());
  const upload = async (file: string, title: string) => {
    const { payload, headers } = await multipartBody(
      { kind: "thermal", title },
      { name: path.basename(file), type: "image/tiff", content: await readFile(file) },
    );
    return s.t.app.inject({ method: "POST", url: `/api/admin/jobs/${s.jobId}/layers`, payload, headers: { ...headers, cookie: s.admin.cookie } });
  };
  const layer = async (id: number) => (await s.t.database.db.select().from(mapLayers).where(eq(mapLayers.id, id)))[0];
  return { s, upload, layer };
}

/** The pids of the programs running on this stored file (GDAL is given its path). */
async function programsOn(file: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("ps", ["-eo", "pid=,args="]);
  return stdout
    .split("\n")
    .filter((line) => line.includes(file) && !line.includes(" ps "))
    .map((line) => line.trim().split(/\s+/)[0]!);
}

describe("an upload that cannot be a drone survey", () => {
  const { upload, s } = scene({});

  it("is refused at once, naming why: an absurd georeference", async () => {
    const res = await upload(hostile, "Hostile extent");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toMatch(/^The raster's georeference spans 2\.0e\+27 km: more than a drone survey covers here \(at most 100 km a side\)/);
    expect(await s.t.database.db.$count(mapLayers)).toBe(0);
  });

  it("is refused at once, naming why: 200,000 × 200,000 pixels", async () => {
    const res = await upload(sparse, "Sparse giant");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toBe(geoTiffMessages.tooLarge(200_000, 200_000, 150_000, 10_000_000_000));
    expect(await s.t.database.db.$count(mapLayers)).toBe(0);
  });
});

describe("a GDAL that hangs", () => {
  const { s, upload, layer } = scene({ ...LOOSE_BOUNDS, MAP_LAYER_INFO_TIMEOUT_SECONDS: "3" });

  it("is ended by its time limit: the layer fails with a plain reason, is not retried, and leaves no process", async () => {
    const res = await upload(hostile, "Hostile extent");
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const original = path.join(s.t.dataDir, "uploads", (await layer(id))!.originalKey);
    await expect.poll(async () => (await layer(id))?.status, WAIT).toBe("failed");
    expect((await layer(id))?.error).toBe(layerMessages.tooLong("hostile.tif", "3 seconds"));
    const jobs = async () =>
      (
        (await s.t.database.db.execute(sql`select state::text as state, retry_count as "retryCount" from pgboss.job where name = 'map-layer'`)) as unknown as {
          rows: { state: string; retryCount: number }[];
        }
      ).rows;
    await expect.poll(jobs, WAIT).toEqual([{ state: "completed", retryCount: 0 }]);
    expect(await programsOn(original)).toEqual([]);
    // A failed layer keeps its row for the admin to read; its files are gone.
    await expect(stat(original)).rejects.toThrow(/ENOENT/);
  }, 180_000);
});

describe("a layer stuck processing", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const env: Record<string, string> = { ...LOOSE_BOUNDS };
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp.close());
  const { s, upload, layer } = scene(env);

  it("delays neither a layer uploaded after it nor the mail, and deleting it stops its GDAL and removes its files", async () => {
    const stuck = await upload(hostile, "Hostile extent");
    expect(stuck.statusCode).toBe(201);
    const stuckId = stuck.json().data.id as number;
    const original = path.join(s.t.dataDir, "uploads", (await layer(stuckId))!.originalKey);
    await expect.poll(async () => (await programsOn(original)).length, WAIT).toBeGreaterThan(0);
    expect((await layer(stuckId))?.status).toBe("processing");

    const valid = await upload(rasters.thermal.path, "Roof thermal");
    expect(valid.statusCode).toBe(201);
    const validId = valid.json().data.id as number;
    await expect.poll(async () => (await layer(validId))?.status, WAIT).toBe("ready");

    const contact = await s.t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Ada Waiting", email: "ada@example.com", phone: "5550102024", service: "agriculture", message: "Can you map our orchard this spring?" },
    });
    expect(contact.statusCode).toBe(201);
    await expect
      .poll(() => smtp.inbox.filter((mail) => mail.to === s.admin.user.email && mail.raw.includes("Ada Waiting")).length, { timeout: 20_000, interval: 100 })
      .toBe(1);
    expect((await layer(stuckId))?.status).toBe("processing");

    const deleted = await s.t.app.inject({ method: "DELETE", url: `/api/admin/map-layers/${stuckId}`, headers: { cookie: s.admin.cookie } });
    expect(deleted.statusCode).toBe(200);
    await expect.poll(() => programsOn(original), WAIT).toEqual([]);
    await expect(stat(original)).rejects.toThrow(/ENOENT/);
  }, 180_000);
});
