import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../db/schema";
import { appWithUsers, type TestUser } from "../testing/factories";
import { multipartBody, sampleFiles } from "../testing/multipart";
import { type S3Peer, startS3Peer } from "../testing/s3-peer";
import type { TestApp } from "../testing/test-app";
import { thumbnailKey } from "../media/thumbnails";
import { S3Storage } from "./s3";
import { describeStorageContract } from "../testing/storage-contract";

describeStorageContract("S3 (s3rver)", async () => {
  const peer = await startS3Peer();
  return { storage: new S3Storage(peer.settings), close: () => peer.close() };
});

describe("media through the S3 driver chosen by S3_* configuration", () => {
  let peer: S3Peer;
  let bucket: S3Storage;
  let t: TestApp, admin: TestUser, alice: TestUser, serviceId: number;

  beforeAll(async () => {
    peer = await startS3Peer();
    bucket = new S3Storage(peer.settings);
    ({
      t,
      users: [admin, alice],
      serviceId,
    } = await appWithUsers(["admin", "customer"], peer.env));
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const uploadMedia = async (file: { name: string; type: string; content: Uint8Array }) => {
    const fields = { userId: String(alice.user.id), serviceId: String(serviceId), title: "Roof survey", description: "Flight over the north wing" };
    const { payload, headers } = await multipartBody(fields, file);
    const res = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode).toBe(201);
    const item = res.json().data as { id: number; fileUrl: string };
    const [row] = await t.database.db.select().from(media).where(eq(media.id, item.id));
    return { ...item, storageKey: row!.storageKey };
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { ...headers, cookie: alice.cookie } });

  it("stores an upload in the bucket, not on disk, and serves it whole and by byte range", async () => {
    const video = Buffer.concat([sampleFiles.mp4, randomBytes(300_000)]);
    const item = await uploadMedia({ name: "clip.mp4", type: "video/mp4", content: video });
    expect(await bucket.stat(item.storageKey)).toEqual({ size: video.length });
    const onDisk = await readdir(path.join(t.dataDir, "uploads"), { recursive: true }).catch(() => []);
    expect(onDisk).toEqual([]);

    const whole = await get(item.fileUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await get(item.fileUrl, { range: "bytes=100000-100999" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100000-100999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100_000, 101_000))).toBe(true);
    const tail = await get(item.fileUrl, { range: "bytes=-10" });
    expect(tail.rawPayload.equals(video.subarray(-10))).toBe(true);
  });

  it("refuses a report over the limit with 413 and leaves nothing in the bucket", async () => {
    const keysBefore = await peer.keys();
    const fields = { userId: String(alice.user.id), serviceId: String(serviceId), title: "Too big", description: "Over 10 MB" };
    const big = Buffer.concat([sampleFiles.pdf, Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    const { payload, headers } = await multipartBody(fields, { name: "huge.pdf", type: "application/pdf", content: big });
    const res = await t.app.inject({ method: "POST", url: "/api/admin/reports", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/maximum size of 10MB/);
    expect(await peer.keys()).toEqual(keysBefore);
  });

  it("keeps an image's WebP copies in the bucket, and deletes them all with the media", async () => {
    const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#0e7490" } })
      .jpeg()
      .toBuffer();
    const item = await uploadMedia({ name: "roof.jpg", type: "image/jpeg", content: photo });
    const thumb = await get(`/api/media/${item.id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: "webp", width: 480 });
    expect(await bucket.stat(thumbnailKey(item.id))).toEqual({ size: thumb.rawPayload.length });
    const wide = await get(`/api/media/${item.id}/thumbnail?w=960`);
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ format: "webp", width: 960 });
    expect(await bucket.stat(thumbnailKey(item.id, 960))).toEqual({ size: wide.rawPayload.length });

    const deleted = await t.app.inject({ method: "DELETE", url: `/api/admin/media/${item.id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(await bucket.stat(item.storageKey)).toBeNull();
    expect(await bucket.stat(thumbnailKey(item.id))).toBeNull();
    expect(await bucket.stat(thumbnailKey(item.id, 960))).toBeNull();
  });
});
