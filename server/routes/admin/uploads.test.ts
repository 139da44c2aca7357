import { readdir } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { media, reports } from "../../db/schema";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";

async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, "uploads");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("uploads and the files they make", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, bob: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer", "customer"], (made) => {
    ({ t, serviceId } = made);
    [admin, alice, bob] = made.users;
  });

  const upload = async (
    url: string,
    cookie: string | undefined,
    fields: Record<string, string>,
    file?: { name: string; type: string; content: Uint8Array },
  ) => {
    const { payload, headers } = await multipartBody(fields, file);
    return t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  };
  const reportFields = () => ({
    userId: String(alice.user.id),
    serviceId: String(serviceId),
    title: "Array 7 thermal report",
    description: "Three hotspots found",
  });
  const get = (url: string, user?: TestUser, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });

  it.each(["/api/admin/reports", "/api/admin/media", "/api/upload-media"])("refuses %s to a visitor (401) and a customer (403)", async (url) => {
    const file = { name: "a.png", type: "image/png", content: sampleFiles.png };
    expect((await upload(url, undefined, reportFields(), file)).statusCode).toBe(401);
    expect((await upload(url, alice.cookie, reportFields(), file)).statusCode).toBe(403);
  });

  it("stores a report for its customer, who downloads it; another customer and a visitor cannot", async () => {
    const res = await upload("/api/admin/reports", admin.cookie, reportFields(), { name: "report.pdf", type: "application/pdf", content: sampleFiles.pdf });
    expect(res.statusCode).toBe(201);
    const report = res.json().data;
    expect(report).toMatchObject({ userId: alice.user.id, title: "Array 7 thermal report", contentType: "application/pdf" });
    const own = await get(report.fileUrl, alice);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(sampleFiles.pdf)).toBe(true);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect((await get(report.fileUrl, admin)).statusCode).toBe(200);
    expect((await get(report.fileUrl, bob)).statusCode).toBe(404);
    expect((await get(report.fileUrl)).statusCode).toBe(401);
    expect((await get("/api/reports", alice)).json().data.map((r: { id: number }) => r.id)).toContain(report.id);
    expect((await get("/api/reports", bob)).json().data).toEqual([]);
  });

  it("decides the type by content: text declared as PNG gets 415 and leaves nothing", async () => {
    const rowsBefore = await t.database.db.$count(media);
    const filesBefore = await storedFiles(t);
    const res = await upload("/api/admin/media", admin.cookie, reportFields(), { name: "photo.png", type: "image/png", content: sampleFiles.text });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not an accepted file type/);
    expect(await t.database.db.$count(media)).toBe(rowsBefore);
    expect(await storedFiles(t)).toEqual(filesBefore);
  });

  it("refuses a file over the limit with 413 and leaves nothing", async () => {
    const rowsBefore = await t.database.db.$count(reports);
    const filesBefore = await storedFiles(t);
    const big = Buffer.concat([sampleFiles.pdf, Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    const res = await upload("/api/admin/reports", admin.cookie, reportFields(), { name: "huge.pdf", type: "application/pdf", content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/maximum size of 10MB/);
    expect(await t.database.db.$count(reports)).toBe(rowsBefore);
    expect(await storedFiles(t)).toEqual(filesBefore);
  });

  it("refuses missing fields with the documented message, naming them, and keeps no file", async () => {
    const filesBefore = await storedFiles(t);
    const res = await upload(
      "/api/admin/reports",
      admin.cookie,
      { userId: String(alice.user.id), serviceId: "", title: "", description: "x" },
      { name: "r.pdf", type: "application/pdf", content: sampleFiles.pdf },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please fill in all required fields and upload a file");
    expect(Object.keys(res.json().errors).sort()).toEqual(["serviceId", "title"]);
    expect(await storedFiles(t)).toEqual(filesBefore);
    const noFile = await upload("/api/admin/reports", admin.cookie, reportFields());
    expect(noFile.statusCode).toBe(400);
  });

  it.each(["/api/admin/reports", "/api/admin/media", "/api/upload-media"])(
    "answers an empty file on %s with 400 naming it, and keeps no row and no file",
    async (url) => {
      const [reportsBefore, mediaBefore, filesBefore] = await Promise.all([t.database.db.$count(reports), t.database.db.$count(media), storedFiles(t)]);
      const res = await upload(url, admin.cookie, reportFields(), { name: "empty.pdf", type: "application/pdf", content: new Uint8Array(0) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'File "empty.pdf" is empty', errors: { file: 'File "empty.pdf" is empty' } });
      expect([await t.database.db.$count(reports), await t.database.db.$count(media), await storedFiles(t)]).toEqual([reportsBefore, mediaBefore, filesBefore]);
    },
  );

  it("refuses a file name with a NUL character, keeping nothing", async () => {
    const filesBefore = await storedFiles(t);
    const res = await upload("/api/admin/media", admin.cookie, reportFields(), { name: "roof\u0000.png", type: "image/png", content: sampleFiles.png });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: "The file name must not contain a NUL character" });
    expect(await storedFiles(t)).toEqual(filesBefore);
  });

  it("never uses the client's file name for storage", async () => {
    const res = await upload("/api/admin/media", admin.cookie, reportFields(), {
      name: '../../../../etc/evil".png',
      type: "image/png",
      content: sampleFiles.png,
    });
    expect(res.statusCode).toBe(201);
    const files = await storedFiles(t);
    expect(files.every((file) => file.startsWith(path.join(t.dataDir, "uploads")))).toBe(true);
    expect(files.some((file) => file.includes("evil"))).toBe(false);
    const download = await get(`${res.json().data.fileUrl}?download=1`, alice);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="[\w .-]+\.png"/);
  });

  it("serves byte ranges so videos can seek", async () => {
    const res = await upload("/api/admin/media", admin.cookie, reportFields(), { name: "clip.mp4", type: "video/mp4", content: sampleFiles.mp4 });
    expect(res.json().data.fileType).toBe("video/mp4");
    const url = res.json().data.fileUrl;
    const size = sampleFiles.mp4.length;
    const first = await get(url, alice, { range: "bytes=0-3" });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-3/${size}`);
    expect(first.rawPayload.equals(sampleFiles.mp4.subarray(0, 4))).toBe(true);
    const tail = await get(url, alice, { range: "bytes=-8" });
    expect(tail.rawPayload.equals(sampleFiles.mp4.subarray(size - 8))).toBe(true);
    const open = await get(url, alice, { range: `bytes=${size - 2}-` });
    expect(open.headers["content-length"]).toBe("2");
    expect((await get(url, alice, { range: `bytes=${size}-` })).statusCode).toBe(416);
    expect((await get(url, alice)).headers["accept-ranges"]).toBe("bytes");
  });

  it("makes a gallery upload public, owned by the uploading admin", async () => {
    const res = await upload(
      "/api/upload-media",
      admin.cookie,
      { userId: "admin", serviceId: "1", title: "Gallery Image 1", description: "Gallery upload", isGalleryItem: "true" },
      { name: "g.png", type: "image/png", content: sampleFiles.png },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ userId: admin.user.id, isGalleryItem: true });
    const visitor = await get(res.json().data.fileUrl);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers["cache-control"]).toContain("public");
  });

  it("makes a WebP thumbnail of an image once, keeps it, and makes none of a video", async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#0e7490" } })
      .jpeg()
      .toBuffer();
    const res = await upload("/api/admin/media", admin.cookie, reportFields(), { name: "site.jpg", type: "image/jpeg", content: photo });
    const item = res.json().data;
    const [listed] = (await get("/api/media", alice)).json().data.filter((m: { id: number }) => m.id === item.id);
    expect(listed.thumbnailUrl).toBe(`/api/media/${item.id}/thumbnail`);
    const thumb = await get(listed.thumbnailUrl, alice);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: "webp", width: 480, height: 270 });
    expect((await storedFiles(t)).some((file) => file.endsWith(path.join("thumbnails", `${item.id}.webp`)))).toBe(true);
    expect((await get(listed.thumbnailUrl, bob)).statusCode).toBe(404);
    const video = (await get("/api/media", alice)).json().data.find((m: { fileType: string }) => m.fileType === "video/mp4");
    expect(video.thumbnailUrl).toBeNull();
    expect((await get(`/api/media/${video.id}/thumbnail`, alice)).statusCode).toBe(404);
  });

  it("makes the wider WebP copies a srcset asks for, never wider than the original, under the file's rules", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#0e7490" } })
      .jpeg()
      .toBuffer();
    const item = (await upload("/api/admin/media", admin.cookie, reportFields(), { name: "wide.jpg", type: "image/jpeg", content: photo })).json().data;
    const url = `/api/media/${item.id}/thumbnail`;
    const at960 = await get(`${url}?w=960`, alice);
    expect(at960.statusCode).toBe(200);
    expect(await sharp(at960.rawPayload).metadata()).toMatchObject({ format: "webp", width: 960, height: 640 });
    // Asked for 1600, an original of 1200 stays 1200: no blurry enlargement.
    expect(await sharp((await get(`${url}?w=1600`, alice)).rawPayload).metadata()).toMatchObject({ width: 1200, height: 800 });
    expect(await sharp((await get(url, alice)).rawPayload).metadata()).toMatchObject({ width: 480 });
    const stored = await storedFiles(t);
    for (const name of [`${item.id}.webp`, `${item.id}-960.webp`, `${item.id}-1600.webp`])
      expect(stored.some((file) => file.endsWith(path.join("thumbnails", name)))).toBe(true);

    const odd = await get(`${url}?w=777`, alice);
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ message: "w (the width) must be one of 480, 960, 1600", errors: { w: "w (the width) must be one of 480, 960, 1600" } });
    // Private media: a visitor must log in, another customer sees nothing, at every width.
    expect((await get(`${url}?w=960`)).statusCode).toBe(401);
    expect((await get(`${url}?w=960`, bob)).statusCode).toBe(404);

    const deleted = await t.app.inject({ method: "DELETE", url: `/api/admin/media/${item.id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect((await storedFiles(t)).filter((file) => file.includes(path.join("thumbnails", `${item.id}`)))).toEqual([]);
  });

  it("keeps nothing of an upload aborted mid-stream", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const rowsBefore = await t.database.db.$count(media);
    const filesBefore = await storedFiles(t);
    const boundary = "----skyvantage-abort";
    const head = Buffer.from(
      Object.entries(reportFields())
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/admin/media",
        headers: {
          cookie: admin.cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + 50 * 1024 * 1024),
        },
      });
      req.on("error", () => resolve());
      req.write(head);
      req.write(sampleFiles.mp4);
      req.write(Buffer.alloc(512 * 1024, 7), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200),
      );
    });
    await expect.poll(async () => (await storedFiles(t)).length, { timeout: 5_000 }).toBe(filesBefore.length);
    expect(await t.database.db.$count(media)).toBe(rowsBefore);
  });
});
