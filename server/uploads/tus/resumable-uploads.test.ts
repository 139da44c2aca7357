import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { ListPartsCommand, ListMultipartUploadsCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { media } from "../../db/schema";
import { S3Storage } from "../../storage/s3";
import { LocalDiskStorage } from "../../storage/local-disk";
import { appWithUsers, appWithUsersForTests, type TestUser } from "../../testing/factories";
import { sampleFiles } from "../../testing/multipart";
import { type S3Peer, startS3Peer } from "../../testing/s3-peer";
import type { TestApp } from "../../testing/test-app";
import { bytesOnDisk, cutPatch, encodeMetadata, filesUnder, sha256, tusUpload } from "../../testing/tus";
import { resumableStoreFor } from "./resumable-store";
import { resumableUploadSweepTask } from "./sweep-task";
import type { TaskContext } from "../../tasks";

const TUS = { "tus-resumable": "1.0.0" };
const originOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

function mediaMetadata(userId: number, serviceId: number, title = "Flight") {
  return {
    kind: "media",
    filename: "flight.mp4",
    filetype: "video/mp4",
    userId: String(userId),
    serviceId: String(serviceId),
    title,
    description: "North wing",
  };
}

/** An MP4's header followed by `size` random bytes: a video as the content sniffing sees it. */
const videoOf = (size: number) => Buffer.concat([sampleFiles.mp4, randomBytes(size)]);

describe("a resumable upload on local disk across a restart, and the sweep of abandoned ones", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer"], (made) => {
    ({ t, serviceId } = made);
    [admin, alice] = made.users;
  });
  const uploadsDir = () => path.join(t.dataDir, "uploads");
  const configOf = () =>
    loadConfig({ LOG_LEVEL: "silent", DATA_DIR: t.dataDir, ...(t.database.connection.kind === "postgres" ? { DATABASE_URL: t.database.connection.url } : {}) });

  it("goes on after the server restarts (a new app on the same data and database): the same bytes, one row", async () => {
    const video = videoOf(4 * 1024 * 1024);
    const metadata = mediaMetadata(alice.user.id, serviceId);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...TUS, cookie: admin.cookie, "upload-length": String(video.length), "upload-metadata": encodeMetadata(metadata) },
    });
    const uploadUrl = created.headers.location as string;
    await cutPatch(originOf(t.app), uploadUrl, admin.cookie, video, video.length / 2, bytesOnDisk(uploadsDir(), uploadUrl));
    await t.app.close();

    const restarted = await buildApp({ config: configOf(), database: t.database, logger: false });
    try {
      await restarted.listen({ port: 0, host: "127.0.0.1" });
      const before = await t.database.db.$count(media);
      const offset = await restarted.inject({ method: "HEAD", url: uploadUrl, headers: { ...TUS, cookie: admin.cookie } });
      expect(offset.headers["upload-offset"]).toBe(String(video.length / 2));
      const resumed = await tusUpload(originOf(restarted), admin.cookie, video, metadata, { uploadUrl: `${originOf(restarted)}${uploadUrl}` });
      const item = JSON.parse(resumed.body).data;
      expect(await t.database.db.$count(media)).toBe(before + 1);
      const [row] = await t.database.db.select({ storageKey: media.storageKey }).from(media).where(eq(media.id, item.id));
      expect(sha256(await buffer(await new LocalDiskStorage(uploadsDir()).read(row!.storageKey)))).toBe(sha256(video));
    } finally {
      await restarted.close();
    }
  });

  it("removes, by the queued sweep, an upload begun longer ago than UPLOAD_EXPIRY_HOURS, and keeps a fresh one", async () => {
    const app = await buildApp({ config: configOf(), database: t.database, logger: false });
    try {
      const begin = async () => {
        const res = await app.inject({
          method: "POST",
          url: "/api/uploads",
          headers: { ...TUS, cookie: admin.cookie, "upload-length": "5000", "upload-metadata": encodeMetadata(mediaMetadata(alice.user.id, serviceId)) },
        });
        const url = res.headers.location as string;
        await app.inject({
          method: "PATCH",
          url,
          payload: videoOf(1000),
          headers: { ...TUS, cookie: admin.cookie, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
        });
        return url;
      };
      const [old, fresh] = [await begin(), await begin()];
      // Begun 25 hours ago: its info says when (tus counts the expiry from creation).
      const info = path.join(uploadsDir(), "tus", `${old.split("/").at(-1)}.json`);
      const written = JSON.parse(await readFile(info, "utf8"));
      await writeFile(info, JSON.stringify({ ...written, creation_date: new Date(Date.now() - 25 * 3_600_000).toISOString() }));
      // Past its expiry, tus refuses to go on with it before the sweep even runs.
      expect((await app.inject({ method: "HEAD", url: old, headers: { ...TUS, cookie: admin.cookie } })).statusCode).toBe(410);

      const config = configOf();
      const context = { resumableUploads: resumableStoreFor(config, new LocalDiskStorage(config.uploadsDir)), log: app.log } as unknown as TaskContext;
      await resumableUploadSweepTask.work({}, context, { id: "sweep", retryCount: 0 });
      const left = (await filesUnder(uploadsDir())).filter((file) => file.startsWith("tus/"));
      const [oldId, freshId] = [old, fresh].map((url) => url.split("/").at(-1));
      expect(left).toEqual([`tus/${freshId}`, `tus/${freshId}.json`]);
      expect(left.some((file) => file.includes(oldId!))).toBe(false);
      expect((await app.inject({ method: "HEAD", url: fresh, headers: { ...TUS, cookie: admin.cookie } })).headers["upload-offset"]).toBe(
        String(videoOf(1000).length),
      );
      // The sweep runs on its own schedule, from the durable queue.
      expect(resumableUploadSweepTask.schedule).toBe("*/15 * * * *");
    } finally {
      await app.close();
    }
  });
});

describe("a resumable upload in an S3 bucket (s3rver)", () => {
  let peer: S3Peer, t: TestApp, admin: TestUser, alice: TestUser, serviceId: number, origin: string, client: S3Client;
  beforeAll(async () => {
    peer = await startS3Peer();
    ({
      t,
      users: [admin, alice],
      serviceId,
    } = await appWithUsers(["admin", "customer"], peer.env));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    origin = originOf(t.app);
    client = new S3Client({ ...peer.settings, forcePathStyle: true });
  });
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await peer?.close();
  });

  /** Bytes of the upload's complete parts in the bucket. */
  const partsStored = (key: string) => async () => {
    const { Uploads } = await client.send(new ListMultipartUploadsCommand({ Bucket: peer.settings.bucket, Prefix: key }));
    const upload = Uploads?.[0];
    if (!upload) return 0;
    const { Parts } = await client.send(new ListPartsCommand({ Bucket: peer.settings.bucket, Key: key, UploadId: upload.UploadId }));
    return (Parts ?? []).reduce((sum, part) => sum + (part.Size ?? 0), 0);
  };

  it("resumes after a cut connection; the object is kept under its media key with the same bytes, and nothing else is left", async () => {
    const video = videoOf(12 * 1024 * 1024);
    const metadata = mediaMetadata(alice.user.id, serviceId);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...TUS, cookie: admin.cookie, "upload-length": String(video.length), "upload-metadata": encodeMetadata(metadata) },
    });
    const uploadUrl = created.headers.location as string;
    expect(uploadUrl, created.body).toMatch(/^\/api\/uploads\/media_[0-9a-f-]{36}$/);
    const key = `media/${uploadUrl.split("_").at(-1)}`;
    // 9 MiB sent, cut once the first 8 MiB part is in the bucket.
    await cutPatch(origin, uploadUrl, admin.cookie, video, 9 * 1024 * 1024, partsStored(key), 8 * 1024 * 1024);
    const offset = Number((await t.app.inject({ method: "HEAD", url: uploadUrl, headers: { ...TUS, cookie: admin.cookie } })).headers["upload-offset"]);
    expect(offset).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    const resumed = await tusUpload(origin, admin.cookie, video, metadata, { uploadUrl: `${origin}${uploadUrl}` });
    const item = JSON.parse(resumed.body).data;
    const [row] = await t.database.db.select({ storageKey: media.storageKey }).from(media).where(eq(media.id, item.id));
    expect(row!.storageKey).toBe(key);
    expect(sha256(await buffer(await new S3Storage(peer.settings).read(key)))).toBe(sha256(video));
    expect(await peer.keys()).toEqual([key]);
  });

  it("refuses the wrong content once complete and leaves nothing in the bucket", async () => {
    const keysBefore = await peer.keys();
    const rowsBefore = await t.database.db.$count(media);
    const error = await tusUpload(origin, admin.cookie, sampleFiles.text, { ...mediaMetadata(alice.user.id, serviceId), filename: "photo.png" }).catch(
      (caught: unknown) => caught,
    );
    expect((error as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus()).toBe(415);
    expect(await t.database.db.$count(media)).toBe(rowsBefore);
    expect(await peer.keys()).toEqual(keysBefore);
  });

  it("leaves a paused upload to the upload sweep: the storage's own sweep of crashed puts does not abort it", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        ...TUS,
        cookie: admin.cookie,
        "upload-length": String(6 * 1024 * 1024),
        "upload-metadata": encodeMetadata(mediaMetadata(alice.user.id, serviceId)),
      },
    });
    const uploadUrl = created.headers.location as string;
    const key = `media/${uploadUrl.split("_").at(-1)}`;
    const uploads = async () =>
      (await client.send(new ListMultipartUploadsCommand({ Bucket: peer.settings.bucket }))).Uploads?.map((upload) => upload.Key) ?? [];
    expect(await uploads()).toContain(key);
    const now = Date.now();
    // A day on, its part is older than the storage's abandonment limit: the storage's sweep looks and leaves it.
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 24 * 3_600_000);
    try {
      await new S3Storage(peer.settings).sweepIncomplete();
      expect(await uploads()).toContain(key);
      // The upload sweep, past UPLOAD_EXPIRY_HOURS, removes it with its info.
      expect(
        await resumableStoreFor(loadConfig({ ...peer.env, UPLOAD_EXPIRY_HOURS: "1" }), new S3Storage(peer.settings)).sweepExpired(),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      clock.mockRestore();
    }
    expect(await uploads()).not.toContain(key);
    expect((await peer.keys()).filter((stored) => stored.startsWith(key))).toEqual([]);
  });
});
