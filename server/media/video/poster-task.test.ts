import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../db/schema";
import { appWithUsers, appWithUsersForTests, type TestUser } from "../../testing/factories";
import { jobDriver } from "../../testing/jobs";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import { startS3Peer, type S3Peer } from "../../testing/s3-peer";
import type { TestApp } from "../../testing/test-app";
import { tusUpload } from "../../testing/tus";
import { makeTestVideo, unsettledJobs } from "../../testing/videos";
import type { TaskContext } from "../../tasks";
import { videoPosterTask } from "./poster-task";

const WAIT = { timeout: 30_000, interval: 100 };
const JPEG_MAGIC = Buffer.from("ffd8ff", "hex");

let clip: Buffer;
beforeAll(async () => {
  clip = await makeTestVideo(3);
});

/** Uploads a video as the back office does (POST /api/admin/media) and answers the item once its poster task has run. */
async function uploadVideo(t: TestApp, admin: TestUser, fields: { userId: number; serviceId: number; jobId?: number; title?: string }, content: Buffer) {
  const { payload, headers } = await multipartBody(
    {
      userId: String(fields.userId),
      serviceId: String(fields.serviceId),
      title: fields.title ?? "Roof flyover",
      description: "Drone video",
      isGalleryItem: "false",
      ...(fields.jobId ? { jobId: String(fields.jobId) } : {}),
    },
    { name: "flyover.mp4", type: "video/mp4", content },
  );
  const res = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
  expect(res.statusCode).toBe(201);
  await expect.poll(() => unsettledJobs(t.database.db, videoPosterTask.name), WAIT).toBe(0);
  return res.json().data as { id: number; fileUrl: string; posterPending: boolean };
}

const get = (t: TestApp, url: string, user?: TestUser) => t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });

/** The item as its owner's media list gives it. */
async function listed(t: TestApp, owner: TestUser, id: number) {
  const items = (await get(t, "/api/media", owner)).json().data as {
    id: number;
    posterUrl: string | null;
    durationSeconds: number | null;
    posterPending: boolean;
  }[];
  return items.find((item) => item.id === id);
}

describe("video posters with ffmpeg installed (local disk)", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, bob: TestUser, pilot: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer", "customer", "pilot"], (made) => {
    ({ t, serviceId } = made);
    [admin, alice, bob, pilot] = made.users;
  });

  it("reads the duration and stores a JPEG poster, which its owner and the admins see and nobody else does", async () => {
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId }, clip);
    const shown = await listed(t, alice, item.id);
    expect(shown?.posterUrl).toBe(`/api/media/${item.id}/poster`);
    expect(shown?.posterPending).toBe(false);
    expect(shown?.durationSeconds).toBeCloseTo(3, 1);

    const poster = await get(t, shown!.posterUrl!, alice);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/jpeg");
    expect(poster.rawPayload.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
    const metadata = await sharp(poster.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 320, height: 240 });

    expect((await get(t, shown!.posterUrl!, admin)).statusCode).toBe(200);
    expect((await get(t, shown!.posterUrl!, bob)).statusCode).toBe(404);
    expect((await get(t, shown!.posterUrl!)).statusCode).toBe(401);
    // The video itself still seeks.
    const range = await t.app.inject({ method: "GET", url: item.fileUrl, headers: { cookie: alice.cookie, range: "bytes=100-199" } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(clip.subarray(100, 200))).toBe(true);
  });

  it("makes the poster of a video sent as a resumable upload (tus) as well", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const metadata = {
      kind: "media",
      filename: "flyover.mp4",
      filetype: "video/mp4",
      userId: String(alice.user.id),
      serviceId: String(serviceId),
      title: "Resumed flyover",
      description: "Drone video",
      isGalleryItem: "false",
    };
    const sent = await tusUpload(origin, admin.cookie, clip, metadata);
    expect(sent.status).toBe(200);
    const { id, posterPending } = (JSON.parse(sent.body) as { data: { id: number; posterPending: boolean } }).data;
    expect(posterPending).toBe(true);
    await expect.poll(() => unsettledJobs(t.database.db, videoPosterTask.name), WAIT).toBe(0);
    const shown = await listed(t, alice, id);
    expect(shown?.posterUrl).toBe(`/api/media/${id}/poster`);
    expect(shown?.posterPending).toBe(false);
    expect(shown?.durationSeconds).toBeCloseTo(3, 1);
  });

  it("refuses a held job's poster to its customer until the job is delivered, as the video, and serves it to the job's pilot", async () => {
    const drive = jobDriver(t, admin, pilot, serviceId);
    const jobId = await drive.jobAt(alice, "processing");
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId, jobId }, clip);
    const posterUrl = `/api/media/${item.id}/poster`;
    expect((await get(t, posterUrl, admin)).statusCode).toBe(200);
    expect((await get(t, posterUrl, pilot)).statusCode).toBe(200);
    expect((await get(t, item.fileUrl, alice)).statusCode).toBe(404);
    expect((await get(t, posterUrl, alice)).statusCode).toBe(404);
  });

  it("serves a shared video's poster at the link's own address, and not a poster the link does not share", async () => {
    const drive = jobDriver(t, admin, pilot, serviceId);
    const jobId = await drive.jobAt(alice, "delivered");
    const shared = await uploadVideo(t, admin, { userId: alice.user.id, serviceId, jobId, title: "Shared flyover" }, clip);
    const kept = await uploadVideo(t, admin, { userId: alice.user.id, serviceId, jobId, title: "Kept flyover" }, clip);
    const created = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${jobId}/share-links`,
      headers: { cookie: alice.cookie },
      payload: { expiresAt: new Date(Date.now() + 86_400_000).toISOString(), allowDownload: false, items: { media: [shared.id] } },
    });
    expect(created.statusCode).toBe(201);
    const token = new URL(created.json().data.url as string, "http://site.test").pathname.split("/").pop()!;
    const page = (await get(t, `/api/share/${token}`)).json();
    expect(page.media).toHaveLength(1);
    expect(page.media[0]).toMatchObject({ id: shared.id, posterUrl: `/api/share/${token}/media/${shared.id}/poster` });
    expect(page.media[0].durationSeconds).toBeCloseTo(3, 1);
    const poster = await get(t, page.media[0].posterUrl);
    expect(poster.statusCode).toBe(200);
    expect((await sharp(poster.rawPayload).metadata()).format).toBe("jpeg");
    expect((await get(t, `/api/share/${token}/media/${kept.id}/poster`)).statusCode).toBe(404);
  });

  it("leaves a broken video usable, without a poster, and logs nothing worse than a warning", async () => {
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId, title: "Cut-off upload" }, sampleFiles.mp4);
    const shown = await listed(t, alice, item.id);
    // Nothing more is coming: the lists stop waiting for a poster.
    expect(shown).toMatchObject({ posterUrl: null, durationSeconds: null, posterPending: false });
    const file = await get(t, item.fileUrl, alice);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(sampleFiles.mp4)).toBe(true);
    expect((await get(t, `/api/media/${item.id}/poster`, alice)).statusCode).toBe(404);
    const failed = await t.database.db.select({ posterKey: media.posterKey }).from(media).where(eq(media.id, item.id));
    expect(failed).toEqual([{ posterKey: null }]);
  });

  it("shows a gallery video's poster and length to anyone, in the public gallery", async () => {
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId, title: "Public flyover" }, clip);
    expect((await get(t, `/api/media/${item.id}/poster`)).statusCode).toBe(401);
    const published = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/media/${item.id}/gallery`,
      headers: { cookie: admin.cookie },
      payload: { isGalleryItem: true },
    });
    expect(published.statusCode).toBe(200);
    const gallery = (await get(t, "/api/gallery")).json().data as { id: number; posterUrl: string | null; durationSeconds: number | null }[];
    const shown = gallery.find((entry) => entry.id === item.id);
    expect(shown?.posterUrl).toBe(`/api/media/${item.id}/poster`);
    expect(shown?.durationSeconds).toBeCloseTo(3, 1);
    const poster = await get(t, shown!.posterUrl!);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["cache-control"]).toContain("public");
  });

  it("deletes the poster with its video", async () => {
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId, title: "Deleted flyover" }, clip);
    expect((await get(t, `/api/media/${item.id}/poster`, admin)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url: `/api/admin/media/${item.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await get(t, `/api/media/${item.id}/poster`, admin)).statusCode).toBe(404);
  });
});

describe("whether a media item's poster is still coming (posterPending)", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer"], (made) => {
    ({ t, serviceId } = made);
    [admin, alice] = made.users;
  });

  it("is true for a video from its upload until its poster task has run, then false with the poster", async () => {
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId }, clip);
    expect(item.posterPending).toBe(true);
    expect(await listed(t, alice, item.id)).toMatchObject({ posterUrl: `/api/media/${item.id}/poster`, posterPending: false });
    const inBackOffice = (await get(t, `/api/admin/media?limit=25&userId=${alice.user.id}`, admin)).json().data as { id: number; posterPending: boolean }[];
    expect(inBackOffice.find((entry) => entry.id === item.id)?.posterPending).toBe(false);
  });

  it("is false at once for an image: no poster task runs for it", async () => {
    const { payload, headers } = await multipartBody(
      { userId: String(alice.user.id), serviceId: String(serviceId), title: "Roof photo", description: "South side", isGalleryItem: "false" },
      { name: "roof.png", type: "image/png", content: sampleFiles.png },
    );
    const res = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.posterPending).toBe(false);
  });

  it("stays true while a failing store leaves tries to come, and turns false when the last try fails", async () => {
    const [row] = await t.database.db
      .insert(media)
      .values({
        userId: alice.user.id,
        title: "Stored elsewhere",
        description: "",
        storageKey: "media/missing.mp4",
        fileType: "video/mp4",
        size: 10,
        posterPending: true,
      })
      .returning({ id: media.id });
    const failingStore = { stat: () => Promise.reject(new Error("the store is unreachable")) };
    const context = { db: t.database.db, storage: failingStore, log: t.app.log } as unknown as TaskContext;
    const pending = async () => (await t.database.db.select({ posterPending: media.posterPending }).from(media).where(eq(media.id, row!.id)))[0]?.posterPending;
    await expect(videoPosterTask.work({ mediaId: row!.id }, context, { id: "first", retryCount: 0 })).rejects.toThrow("the store is unreachable");
    expect(await pending()).toBe(true);
    await expect(videoPosterTask.work({ mediaId: row!.id }, context, { id: "last", retryCount: 3 })).rejects.toThrow("the store is unreachable");
    expect(await pending()).toBe(false);
  });
});

describe("video posters without ffmpeg", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer"], { FFMPEG_PATH: "/nonexistent/ffmpeg", FFPROBE_PATH: "/nonexistent/ffprobe" }, (made) => {
    ({ t, serviceId } = made);
    [admin, alice] = made.users;
  });

  it("records nothing: the API answers no poster and no duration, and the video plays", async () => {
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId }, clip);
    expect(item.posterPending).toBe(true);
    expect(await listed(t, alice, item.id)).toMatchObject({ posterUrl: null, durationSeconds: null, posterPending: false });
    expect((await get(t, `/api/media/${item.id}/poster`, alice)).statusCode).toBe(404);
    expect((await get(t, item.fileUrl, alice)).statusCode).toBe(200);
  });
});

describe("video posters on an S3 bucket", () => {
  let bucket: S3Peer, t: TestApp, admin: TestUser, alice: TestUser, serviceId: number;
  beforeAll(async () => {
    bucket = await startS3Peer();
    ({
      t,
      users: [admin, alice],
      serviceId,
    } = await appWithUsers(["admin", "customer"], bucket.env));
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
  });

  it("reads the video by Range from the bucket and stores the poster there", async () => {
    const item = await uploadVideo(t, admin, { userId: alice.user.id, serviceId }, clip);
    const shown = await listed(t, alice, item.id);
    expect(shown?.durationSeconds).toBeCloseTo(3, 1);
    expect(await bucket.keys()).toContain(`media-posters/${item.id}.jpg`);
    const poster = await get(t, shown!.posterUrl!, alice);
    expect((await sharp(poster.rawPayload).metadata()).format).toBe("jpeg");
  });
});
