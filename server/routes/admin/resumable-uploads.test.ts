import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { mapLayers, media, reports } from "../../db/schema";
import { geoTiffMessages } from "../../map-layers/validate-geotiff";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { jobDriver } from "../../testing/jobs";
import { sampleFiles } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";
import { bytesOnDisk, cutPatch, encodeMetadata, filesUnder, sha256, smallThermalGeoTiff, tusUpload } from "../../testing/tus";
import { LocalDiskStorage } from "../../storage/local-disk";

const TUS = { "tus-resumable": "1.0.0" };

describe("resumable uploads at /api/uploads (tus)", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, pilot: TestUser, serviceId: number, origin: string, uploadsDir: string;
  appWithUsersForTests(["admin", "customer", "pilot"], { MAP_LAYER_MAX_MB: "2", MAP_LAYER_MAX_SIDE_PIXELS: "64" }, async (made) => {
    ({ t, serviceId } = made);
    [admin, alice, pilot] = made.users;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    uploadsDir = path.join(t.dataDir, "uploads");
  });

  const reportMetadata = (overrides: Record<string, string> = {}) => ({
    kind: "report",
    filename: "array-7.pdf",
    filetype: "application/pdf",
    userId: String(alice.user.id),
    serviceId: String(serviceId),
    title: "Array 7 thermal report",
    description: "Three hotspots found",
    ...overrides,
  });
  const create = (cookie: string | undefined, metadata: Record<string, string>, length: number | null = 100, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        ...TUS,
        ...(length === null ? { "upload-defer-length": "1" } : { "upload-length": String(length) }),
        "upload-metadata": encodeMetadata(metadata),
        ...extra,
        ...(cookie ? { cookie } : {}),
      },
    });
  const patch = (url: string, cookie: string | undefined, offset: number, body: Buffer) =>
    t.app.inject({
      method: "PATCH",
      url,
      payload: body,
      headers: { ...TUS, "content-type": "application/offset+octet-stream", "upload-offset": String(offset), ...(cookie ? { cookie } : {}) },
    });
  const head = (url: string, cookie: string | undefined) => t.app.inject({ method: "HEAD", url, headers: { ...TUS, ...(cookie ? { cookie } : {}) } });
  const rowCounts = async () => Promise.all([t.database.db.$count(reports), t.database.db.$count(media), t.database.db.$count(mapLayers)]);
  const storedObject = async (key: string) => buffer(await new LocalDiskStorage(uploadsDir).read(key));

  it("refuses every method to a visitor (401), a customer and a pilot (403); an admin creates, reads the offset, sends and terminates", async () => {
    const created = await create(admin.cookie, reportMetadata(), sampleFiles.pdf.length);
    expect(created.statusCode).toBe(201);
    const url = created.headers.location as string;
    expect(url).toMatch(/^\/api\/uploads\/report_[0-9a-f-]{36}$/);
    const calls = {
      POST: (cookie?: string) => create(cookie, reportMetadata(), sampleFiles.pdf.length),
      HEAD: (cookie?: string) => head(url, cookie),
      PATCH: (cookie?: string) => patch(url, cookie, 0, sampleFiles.pdf.subarray(0, 10)),
      DELETE: (cookie?: string) => t.app.inject({ method: "DELETE", url, headers: { ...TUS, ...(cookie ? { cookie } : {}) } }),
      OPTIONS: (cookie?: string) => t.app.inject({ method: "OPTIONS", url: "/api/uploads", headers: cookie ? { cookie } : {} }),
    };
    const refusals: string[] = [];
    for (const [method, call] of Object.entries(calls)) {
      for (const [who, cookie, expected] of [
        ["visitor", undefined, 401],
        ["customer", alice.cookie, 403],
        ["pilot", pilot.cookie, 403],
      ] as const) {
        const res = await call(cookie);
        // A HEAD answer has no body to carry the message.
        if (res.statusCode !== expected || (method !== "HEAD" && !res.json().message)) refusals.push(`${method} as ${who}: ${res.statusCode}`);
      }
    }
    expect(refusals).toEqual([]);
    // Nothing of theirs touched the upload: it is still at 0.
    expect((await calls.HEAD(admin.cookie)).headers["upload-offset"]).toBe("0");
    const sent = await calls.PATCH(admin.cookie);
    expect(sent.statusCode).toBe(204);
    expect(sent.headers["upload-offset"]).toBe("10");
    expect((await calls.HEAD(admin.cookie)).headers["upload-offset"]).toBe("10");
    expect((await calls.OPTIONS(admin.cookie)).statusCode).toBe(204);
    expect((await calls.DELETE(admin.cookie)).statusCode).toBe(204);
    expect((await calls.HEAD(admin.cookie)).statusCode).toBe(404);
  });

  it("refuses bad metadata at creation with 400 naming each field, before anything is stored", async () => {
    const filesBefore = await filesUnder(uploadsDir);
    const noKind = await create(admin.cookie, { filename: "a.pdf" });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.headers["content-type"]).toMatch(/application\/json/);
    expect(noKind.json().errors).toEqual({ kind: "kind must be one of report, media, gallery, layer, job-report, job-media" });

    const missing = await create(admin.cookie, reportMetadata({ serviceId: "", title: "" }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Please fill in all required fields and upload a file");
    expect(Object.keys(missing.json().errors).sort()).toEqual(["serviceId", "title"]);

    const noFilename = await create(admin.cookie, reportMetadata({ filename: "" }));
    expect(noFilename.json().errors).toEqual({ filename: "Give the file's name (filename)" });

    const nobody = await create(admin.cookie, reportMetadata({ userId: "999999" }));
    expect([nobody.statusCode, nobody.json().errors]).toEqual([400, { userId: "No such user" }]);

    const layer = await create(admin.cookie, { kind: "layer", filename: "t.tif", jobId: "x", layerKind: "sonar", title: "" });
    expect(layer.statusCode).toBe(400);
    expect(Object.keys(layer.json().errors).sort()).toEqual(["jobId", "layerKind", "title"]);

    const deferred = await create(admin.cookie, reportMetadata(), null);
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json().errors).toHaveProperty("Upload-Length");
    expect(await filesUnder(uploadsDir)).toEqual(filesBefore);
  });

  it("refuses a declared length over the kind's limit with 413 before any byte is stored", async () => {
    const filesBefore = await filesUnder(uploadsDir);
    const report = await create(admin.cookie, reportMetadata(), 10 * 1024 * 1024 + 1);
    expect(report.statusCode).toBe(413);
    expect(report.json()).toEqual({ message: "File exceeds the maximum size of 10MB" });
    const video = await create(admin.cookie, { ...reportMetadata({ kind: "media", filename: "flight.mp4" }) }, 1000 * 1024 * 1024 + 1);
    expect([video.statusCode, video.json().message]).toEqual([413, "File exceeds the maximum size of 1000MB"]);
    const driver = jobDriver(t, admin, pilot, serviceId);
    const jobId = await driver.jobAt(alice, "flown");
    const layer = await create(
      admin.cookie,
      { kind: "layer", filename: "big.tif", jobId: String(jobId), layerKind: "thermal", title: "Roof" },
      2 * 1024 * 1024 + 1,
    );
    expect([layer.statusCode, layer.json().message]).toEqual([413, "File exceeds the maximum size of 2MB"]);
    expect(await filesUnder(uploadsDir)).toEqual(filesBefore);
  });

  it("refuses the wrong content once complete with 415, leaving no row, no file and no upload", async () => {
    const [filesBefore, rowsBefore] = [await filesUnder(uploadsDir), await rowCounts()];
    const error = await tusUpload(
      origin,
      admin.cookie,
      sampleFiles.text,
      reportMetadata({ kind: "media", filename: "photo.png", filetype: "image/png" }),
    ).catch((caught: unknown) => caught);
    const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
    expect(response?.getStatus()).toBe(415);
    expect(JSON.parse(response!.getBody())).toEqual({ message: 'File "photo.png" is not an accepted file type (accepted: images, videos, HEIC and HEIF)' });
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await filesUnder(uploadsDir)).toEqual(filesBefore);
  });

  it("refuses a GeoTIFF whose bands do not fit the layer's kind with 400 naming the file, keeping nothing", async () => {
    const jobId = await jobDriver(t, admin, pilot, serviceId).jobAt(alice, "flown");
    const [filesBefore, rowsBefore] = [await filesUnder(uploadsDir), await rowCounts()];
    // One band, where an orthomosaic has three or four.
    const error = await tusUpload(origin, admin.cookie, smallThermalGeoTiff(), {
      kind: "layer",
      filename: "t.tif",
      jobId: String(jobId),
      layerKind: "orthomosaic",
      title: "Roof",
    }).catch((caught: unknown) => caught);
    const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
    expect(response?.getStatus()).toBe(400);
    expect(JSON.parse(response!.getBody()).errors).toEqual({ file: "An orthomosaic has 3 bands (RGB) or 4 (RGBA); this file has 1 band." });
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await filesUnder(uploadsDir)).toEqual(filesBefore);
  });

  it("refuses a TIFF without a georeference, and a raster past the survey bounds, with 400 naming the file, keeping nothing", async () => {
    const jobId = await jobDriver(t, admin, pilot, serviceId).jobAt(alice, "flown");
    const layerUpload = async (bytes: Buffer) => {
      const error = await tusUpload(origin, admin.cookie, bytes, {
        kind: "layer",
        filename: "roof.tif",
        jobId: String(jobId),
        layerKind: "thermal",
        title: "Roof",
      }).catch((caught: unknown) => caught);
      const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
      return { status: response?.getStatus(), errors: JSON.parse(response!.getBody()).errors };
    };
    const [filesBefore, rowsBefore] = [await filesUnder(uploadsDir), await rowCounts()];
    // A TIFF by its bytes, placed nowhere: what a photo editor exports.
    const plainTiff = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    expect(await layerUpload(plainTiff)).toEqual({ status: 400, errors: { file: geoTiffMessages.noGeoreference } });
    // 65 pixels a side where this server takes at most 64 (MAP_LAYER_MAX_SIDE_PIXELS).
    expect(await layerUpload(smallThermalGeoTiff(65, 1))).toEqual({ status: 400, errors: { file: geoTiffMessages.tooLarge(65, 1, 64, 10_000_000_000) } });
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await filesUnder(uploadsDir)).toEqual(filesBefore);
  });

  it("makes each kind's row, answered as its multipart route answers it, and listed at once for the customer", async () => {
    const report = await tusUpload(origin, admin.cookie, sampleFiles.pdf, reportMetadata());
    expect(report.status).toBe(200);
    const reportRow = JSON.parse(report.body);
    expect(reportRow).toMatchObject({
      success: true,
      data: { userId: alice.user.id, title: "Array 7 thermal report", contentType: "application/pdf", size: sampleFiles.pdf.length },
    });
    const listed = (await t.app.inject({ method: "GET", url: "/api/reports", headers: { cookie: alice.cookie } })).json().data;
    expect(listed.map((row: { id: number }) => row.id)).toContain(reportRow.data.id);
    const download = await t.app.inject({ method: "GET", url: reportRow.data.fileUrl, headers: { cookie: alice.cookie } });
    expect(download.rawPayload.equals(sampleFiles.pdf)).toBe(true);

    const photo = JSON.parse(
      (await tusUpload(origin, admin.cookie, sampleFiles.png, reportMetadata({ kind: "media", filename: "roof.png", title: "Roof", isGalleryItem: "false" })))
        .body,
    ).data;
    expect(photo).toMatchObject({ userId: alice.user.id, fileType: "image/png", isGalleryItem: false });
    const mediaList = (await t.app.inject({ method: "GET", url: "/api/media", headers: { cookie: alice.cookie } })).json().data;
    expect(mediaList.map((row: { id: number }) => row.id)).toContain(photo.id);

    const gallery = JSON.parse(
      (
        await tusUpload(
          origin,
          admin.cookie,
          sampleFiles.png,
          reportMetadata({ kind: "gallery", filename: "g.png", userId: "admin", title: "Sunset", isGalleryItem: "true" }),
        )
      ).body,
    ).data;
    expect(gallery).toMatchObject({ userId: admin.user.id, isGalleryItem: true });
    const publicGallery = (await t.app.inject({ method: "GET", url: "/api/gallery" })).json().data;
    expect(publicGallery.map((row: { id: number }) => row.id)).toContain(gallery.id);

    const jobId = await jobDriver(t, admin, pilot, serviceId).jobAt(alice, "flown");
    const tiff = smallThermalGeoTiff();
    const layer = JSON.parse(
      (
        await tusUpload(origin, admin.cookie, tiff, {
          kind: "layer",
          filename: "roof-thermal.tif",
          jobId: String(jobId),
          layerKind: "thermal",
          title: "Roof thermal",
        })
      ).body,
    ).data;
    expect(layer).toMatchObject({ jobId, kind: "thermal", title: "Roof thermal", status: "queued" });
    // A customer sees a layer once it is processed and its job delivered, as after the multipart route; the job's staff see it at once.
    const layers = (await t.app.inject({ method: "GET", url: `/api/jobs/${jobId}/layers`, headers: { cookie: pilot.cookie } })).json().data;
    expect(layers.map((row: { id: number }) => row.id)).toContain(layer.id);
    const [row] = await t.database.db.select({ originalKey: mapLayers.originalKey }).from(mapLayers).where(eq(mapLayers.id, layer.id));
    expect(row!.originalKey).toMatch(/^map-layers\/[0-9a-f-]{36}$/);
    expect(sha256(await storedObject(row!.originalKey))).toBe(sha256(tiff));
    // Nothing of the four uploads is left in progress.
    expect((await filesUnder(uploadsDir)).filter((file) => file.startsWith("tus/"))).toEqual([]);
  });

  it("resumes an upload whose connection was cut mid-file: the same bytes, one row", async () => {
    const video = Buffer.concat([sampleFiles.mp4, randomBytes(6 * 1024 * 1024)]);
    const metadata = reportMetadata({ kind: "media", filename: "flight.mp4", title: "Flight" });
    const mediaBefore = await t.database.db.$count(media);
    const created = await create(admin.cookie, metadata, video.length);
    const uploadUrl = created.headers.location as string;
    // Cut at a third: the client's socket is destroyed mid-PATCH, once the server has those bytes.
    await cutPatch(origin, uploadUrl, admin.cookie, video, Math.floor(video.length / 3), bytesOnDisk(uploadsDir, uploadUrl));
    // The offset is where the bytes stopped (HEAD waits for the cut request to let the upload go).
    expect((await head(uploadUrl, admin.cookie)).headers["upload-offset"]).toBe(String(Math.floor(video.length / 3)));
    const cutUrl = `${origin}${uploadUrl}`;
    const resumed = await tusUpload(origin, admin.cookie, video, metadata, { uploadUrl: cutUrl });
    expect(resumed.status).toBe(200);
    const item = JSON.parse(resumed.body).data;
    expect(await t.database.db.$count(media)).toBe(mediaBefore + 1);
    const [row] = await t.database.db.select({ storageKey: media.storageKey }).from(media).where(eq(media.id, item.id));
    expect(row!.storageKey).toMatch(/^media\/[0-9a-f-]{36}$/);
    expect(sha256(await storedObject(row!.storageKey))).toBe(sha256(video));
    // A final PATCH sent again finds no upload left to complete: still one row.
    expect((await patch(new URL(cutUrl).pathname, admin.cookie, video.length, Buffer.alloc(0))).statusCode).toBe(404);
    expect(await t.database.db.$count(media)).toBe(mediaBefore + 1);
  });

  it("keeps an upload's state in its store: the info file of an upload in progress is on disk", async () => {
    const created = await create(admin.cookie, reportMetadata(), sampleFiles.pdf.length);
    const id = (created.headers.location as string).split("/").at(-1)!;
    const info = JSON.parse(await readFile(path.join(uploadsDir, "tus", `${id}.json`), "utf8"));
    expect(info).toMatchObject({ id, size: sampleFiles.pdf.length, metadata: { kind: "report", createdBy: String(admin.user.id) } });
    await t.app.inject({ method: "DELETE", url: created.headers.location as string, headers: { ...TUS, cookie: admin.cookie } });
  });
});
