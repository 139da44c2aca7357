import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "@common/contract/findings";
import { mapLayers } from "../db/schema";
import { imagesOf, pagesOf, pixelColoursOf, textOf } from "../pdf/testing/poppler";
import { appWithUsers, type TestUser } from "../testing/factories";
import { deliveredJobIn } from "../testing/jobs";
import { multipartBody } from "../testing/multipart";
import { gdal, lonLatOf } from "../testing/rasters";
import type { TestApp } from "../testing/test-app";
import { writePlantedThermal } from "../testing/thermal-rasters";

// 480 × 360 pixels of 10 cm in UTM 14N: processing warps it to Web Mercator, and the crops read that.
const SIZE = { width: 480, height: 360 };
const GEO = { srs: "EPSG:32614", geoTransform: [658_000, 0.1, 0, 3_542_000, 0, -0.1] as const };
const SPOT = { column: 240, row: 180, size: 6, deltaT: 22 };

describe("a finding's crops of the job's layers", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let dir: string, jobId: number, layerTitle: string;
  beforeAll(async () => {
    ({
      t,
      users: [admin, customer, other, pilot, otherPilot],
    } = await appWithUsers(["admin", "customer", "customer", "pilot", "pilot"], { GDAL_ENGINE: "auto" }));
    ({ jobId } = await deliveredJobIn("solar", t, admin, pilot, customer));
    dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-crops-route-"));
    const file = await writePlantedThermal(dir, "roof", { ...SIZE, ...GEO, spots: [SPOT], noise: 0.3 });
    layerTitle = "Roof thermal";
    await uploadLayer("thermal", layerTitle, file);
  });

  /** Adds a layer to the job and waits for it to be processed. */
  const uploadLayer = async (kind: "thermal" | "orthomosaic", title: string, file: string) => {
    const { payload, headers } = await multipartBody({ kind, title }, { name: path.basename(file), type: "image/tiff", content: await readFile(file) });
    const res = await t.app.inject({ method: "POST", url: `/api/admin/jobs/${jobId}/layers`, payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const id: number = res.json().data.id;
    const status = async () => (await t.database.db.select({ status: mapLayers.status }).from(mapLayers).where(eq(mapLayers.id, id)))[0]!.status;
    for (const started = Date.now(); (await status()) !== "ready";) {
      if (Date.now() - started > 60_000) throw new Error(`the layer is ${await status()} after a minute`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });
  const listed = async (id: number, user: TestUser = admin): Promise<Finding | undefined> =>
    ((await call("GET", `/api/jobs/${jobId}/findings`, user)).json().data as Finding[]).find((finding) => finding.id === id);
  const added = async (lat: number, lon: number): Promise<number> => {
    const res = await call("POST", `/api/admin/jobs/${jobId}/findings`, admin, { class: "hot_spot", lat, lon, maxTemp: 49, refTemp: 27, deltaT: 22 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id;
  };

  /** The job's next inspection report (or the one already under way, which a change of findings queues by itself), as the customer reads it once published. */
  const generatedReport = async (): Promise<Buffer> => {
    expect([200, 202]).toContain((await call("POST", `/api/admin/jobs/${jobId}/report`, admin)).statusCode);
    const versions = async () =>
      (await call("GET", `/api/admin/jobs/${jobId}/report`, admin)).json().data.versions as { status: string; reportId: number | null }[];
    await expect.poll(async () => (await versions()).every((version) => version.status === "published"), { timeout: 60_000, interval: 200 }).toBe(true);
    return (await call("GET", `/api/reports/${(await versions())[0]!.reportId}/file`, customer)).rawPayload;
  };

  it("crops the thermal layer around a finding once it is added, and shows the crop to whoever may see the finding, never to anyone else", async () => {
    const place = await lonLatOf(path.join(dir, "roof.tif"), SPOT.column + 3, SPOT.row + 3);
    const id = await added(place.lat, place.lon);
    await expect.poll(async () => (await listed(id))?.images.length, { timeout: 30_000, interval: 200 }).toBe(1);
    const finding = (await listed(id, customer))!;
    expect(finding.images).toEqual([
      {
        kind: "thermal",
        title: `Thermal: ${layerTitle}`,
        url: expect.stringMatching(new RegExp(`^/api/jobs/${jobId}/findings/${id}/images/\\d+$`)),
        width: expect.any(Number),
        height: expect.any(Number),
      },
    ]);
    expect(finding.outsideLayers).toEqual([]);
    const [image] = finding.images;

    const seen = await call("GET", image!.url, customer);
    expect([seen.statusCode, seen.headers["content-type"]]).toEqual([200, "image/png"]);
    const { width, height } = await sharp(seen.rawPayload).metadata();
    expect([width, height]).toEqual([image!.width, image!.height]);
    for (const user of [admin, pilot]) expect((await call("GET", image!.url, user)).statusCode).toBe(200);
    expect((await call("GET", image!.url)).statusCode).toBe(401);
    for (const user of [other, otherPilot]) expect((await call("GET", image!.url, user)).statusCode).toBe(404);
    // Named under another job, or another finding's number: not found.
    expect((await call("GET", image!.url.replace(`/jobs/${jobId}/`, `/jobs/${jobId + 1000}/`), admin)).statusCode).toBe(404);
    expect((await call("GET", image!.url.replace(/\d+$/, "999999"), admin)).statusCode).toBe(404);
    expect((await call("GET", image!.url.replace(/\d+$/, "zero"), admin)).json()).toMatchObject({ errors: { n: expect.stringContaining("n must be") } });

    // Dismissed, the finding and its crop leave the customer's view; the admins keep both.
    expect((await call("PATCH", `/api/admin/findings/${id}`, admin, { status: "dismissed", dismissReason: "Reflection" })).statusCode).toBe(200);
    expect((await call("GET", image!.url, customer)).statusCode).toBe(404);
    expect((await call("GET", image!.url, admin)).statusCode).toBe(200);
  });

  it("prints each finding's crops in the inspection report, under the finding, named by their layer", async () => {
    const place = await lonLatOf(path.join(dir, "roof.tif"), SPOT.column - 2, SPOT.row - 2);
    const id = await added(place.lat, place.lon);
    await expect.poll(async () => (await listed(id))?.images.length, { timeout: 30_000, interval: 200 }).toBe(1);
    const [crop] = (await listed(id))!.images;
    const pdf = await generatedReport();
    expect(await textOf(pdf)).toContain(`Thermal: ${layerTitle}`);
    // The crop is drawn as it was kept, pixel for pixel: the report's own photos are re-encoded JPEGs.
    expect(await imagesOf(pdf)).toContainEqual(expect.objectContaining({ width: crop!.width, height: crop!.height }));
  });

  it("says plainly that a finding outside every layer has no crop", async () => {
    const far = await lonLatOf(path.join(dir, "roof.tif"), -4000, -4000);
    const id = await added(far.lat, far.lon);
    await expect.poll(async () => (await listed(id))?.outsideLayers, { timeout: 30_000, interval: 200 }).toEqual([layerTitle]);
    expect((await listed(id))!.images).toEqual([]);
  });

  // Last: a second layer changes what the findings above are cropped from.
  it("draws the report's site map over the job's orthomosaic, and says which", async () => {
    /** The site map's page, and whether it shows the orthomosaic's green (JPEG moves it by a few levels). */
    const siteMap = async (pdf: Buffer) => {
      const pages = await pagesOf(pdf);
      const page = pages.findIndex((text) => text.includes("Site map")) + 1;
      expect(page).toBeGreaterThan(0);
      const green = [...(await pixelColoursOf(pdf, page))].filter((colour) => {
        const [red, g, blue] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
        return Math.abs(red! - 40) < 30 && Math.abs(g! - 160) < 30 && Math.abs(blue! - 60) < 30;
      });
      return { text: pages[page - 1]!.replace(/\s+/g, " "), green: green.length };
    };
    const before = await siteMap(await generatedReport());
    expect([before.text.includes("Imagery:"), before.green]).toEqual([false, 0]);

    // A green orthomosaic over the same roof, in the same UTM zone.
    const ortho = path.join(dir, "ortho.tif");
    const [x, , , y] = GEO.geoTransform;
    await gdal("gdal_create", [
      ...["-of", "GTiff", "-outsize", String(SIZE.width), String(SIZE.height), "-bands", "3", "-ot", "Byte"],
      ...["-burn", "40", "-burn", "160", "-burn", "60", "-a_srs", GEO.srs],
      ...["-a_ullr", String(x), String(y), String(x + SIZE.width * 0.1), String(y - SIZE.height * 0.1), ortho],
    ]);
    await uploadLayer("orthomosaic", "Roof orthomosaic", ortho);
    const after = await siteMap(await generatedReport());
    expect(after.text).toContain("Imagery: Roof orthomosaic");
    expect(after.green).toBeGreaterThan(0);
  });

  it("cuts a moved finding's crops anew where it now lies, and deletes a layer's crops with it", async () => {
    /** The crop files kept for the job, by name. */
    const cropFiles = async () => (await readdir(path.join(t.dataDir, "uploads", "finding-crops", `job-${jobId}`)).catch(() => [] as string[])).sort();
    const first = await lonLatOf(path.join(dir, "roof.tif"), SPOT.column + 2, SPOT.row + 2);
    const id = await added(first.lat, first.lon);
    await expect.poll(async () => (await listed(id))?.images.map((image) => image.kind), { timeout: 30_000, interval: 200 }).toEqual(["thermal", "visual"]);
    const mine = (await cropFiles()).filter((name) => name.startsWith(`finding-${id}-`));
    expect(mine).toHaveLength(2);

    // Moved off both layers: the crops of where it was go, and it says it lies outside them.
    const far = await lonLatOf(path.join(dir, "roof.tif"), -4000, -4000);
    expect((await call("PATCH", `/api/admin/findings/${id}`, admin, { lat: far.lat, lon: far.lon })).statusCode).toBe(200);
    await expect.poll(async () => (await listed(id))?.outsideLayers.sort(), { timeout: 30_000, interval: 200 }).toEqual(["Roof orthomosaic", layerTitle]);
    expect((await listed(id))!.images).toEqual([]);
    expect((await cropFiles()).filter((name) => name.startsWith(`finding-${id}-`))).toEqual([]);

    // Back on the roof: cut again from both layers.
    expect((await call("PATCH", `/api/admin/findings/${id}`, admin, { lat: first.lat, lon: first.lon })).statusCode).toBe(200);
    await expect.poll(async () => (await listed(id))?.images.length, { timeout: 30_000, interval: 200 }).toBe(2);

    // The orthomosaic deleted: every visual crop's file goes with it, the thermal ones stay.
    const ortho = ((await call("GET", `/api/jobs/${jobId}/layers`, admin)).json().data as { id: number; title: string }[]).find(
      (layer) => layer.title === "Roof orthomosaic",
    )!;
    expect((await call("DELETE", `/api/admin/map-layers/${ortho.id}`, admin)).statusCode).toBe(200);
    expect((await cropFiles()).filter((name) => name.endsWith(".jpg"))).toEqual([]);
    expect((await cropFiles()).filter((name) => name.endsWith(".png")).length).toBeGreaterThan(0);
    expect((await listed(id))!.images.map((image) => image.kind)).toEqual(["thermal"]);
  });
});
