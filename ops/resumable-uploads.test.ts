import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../server/testing/scratch-database";
import { bytesOnDisk, cutPatch, encodeMetadata, sha256, tusUpload } from "../server/testing/tus";
import { type Nginx, startNginx } from "./support/nginx";
import { ADMIN, type ServerProcess, startServer } from "./support/server-process";

/**
 * A resumable upload started on one instance finishes on the other
 * (docs/decisions/0036-resumable-uploads.md). Two server processes
 * share PostgreSQL (their upload locks are advisory locks there) and an uploads folder (the tus
 * uploads in progress), behind Debian's nginx with deploy/nginx.conf.
 */

const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const MP4_HEADER = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

describe("a resumable upload across two instances behind nginx", () => {
  let database: ScratchDatabase, work: string, uploadsDir: string, first: ServerProcess, second: ServerProcess, nginx: Nginx, cookie: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "skyvantage-tus-ops-"));
    uploadsDir = path.join(work, "uploads");
    database = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_tus");
    const migrate = spawn(process.execPath, ["dist/server/migrate.js"], { env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url }, stdio: "ignore" });
    expect((await once(migrate, "exit"))[0]).toBe(0);
    // A stalled body is cut after HEADERS_TIMEOUT_MS of silence; ten minutes, so only the upload lock's release can end one here.
    const shared = { DATABASE_URL: database.url, MIGRATE_ON_START: "false", UPLOADS_DIR: uploadsDir, TRUST_PROXY: "1", HEADERS_TIMEOUT_MS: "600000" };
    [first, second] = await Promise.all([startServer(shared), startServer(shared)]);
    nginx = await startNginx(
      work,
      [first, second].map((server) => Number(new URL(server.url).port)),
    );
    cookie = await login(nginx.url);
  });

  afterAll(async () => {
    nginx?.process.kill("SIGKILL");
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  });

  const mediaMetadata = (title: string) => ({
    kind: "media",
    filename: "flight.mp4",
    filetype: "video/mp4",
    userId: "admin",
    serviceId: "1",
    title,
    description: "Across instances",
    isGalleryItem: "false",
  });
  const create = async (length: number, title: string) => {
    const res = await fetch(`${nginx.url}/api/uploads`, {
      method: "POST",
      headers: { "tus-resumable": "1.0.0", "upload-length": String(length), "upload-metadata": encodeMetadata(mediaMetadata(title)), cookie },
    });
    expect(res.status).toBe(201);
    return res.headers.get("location")!;
  };
  const offsetOn = async (instance: ServerProcess, uploadUrl: string) => {
    const res = await fetch(`${instance.url}${uploadUrl}`, { method: "HEAD", headers: { "tus-resumable": "1.0.0", cookie } });
    expect(res.status).toBe(200);
    return Number(res.headers.get("upload-offset"));
  };
  const rowsTitled = async (title: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<{ count: string }>("SELECT count(*) FROM media WHERE title = $1", [title])).rows[0]!.count;
    } finally {
      await client.end();
    }
  };

  it("starts on the first instance, is cut mid-file, and finishes on the second: one row, the same bytes", async () => {
    const video = Buffer.concat([MP4_HEADER, randomBytes(24 * 1024 * 1024)]);
    const uploadUrl = await create(video.length, "Two instances");
    const half = Math.floor(video.length / 2);
    await cutPatch(first.url, uploadUrl, cookie, video, half, bytesOnDisk(uploadsDir, uploadUrl));
    expect(await offsetOn(second, uploadUrl)).toBe(half);

    const finished = await tusUpload(second.url, cookie, video, mediaMetadata("Two instances"), { uploadUrl: `${second.url}${uploadUrl}` });
    expect(finished.status).toBe(200);
    const { data } = JSON.parse(finished.body);
    expect(await rowsTitled("Two instances")).toBe("1");
    const downloaded = await fetch(`${nginx.url}${data.fileUrl}`, { headers: { cookie } });
    expect(sha256(Buffer.from(await downloaded.arrayBuffer()))).toBe(sha256(video));
  });

  it("shares each upload's lock: a request on the second instance makes the first let go of a stalled PATCH, and the offset is exact", async () => {
    const video = Buffer.concat([MP4_HEADER, randomBytes(4 * 1024 * 1024)]);
    const uploadUrl = await create(video.length, "Stalled");
    // A PATCH to the first instance that sends a quarter of the file, then stalls with its connection open.
    const quarter = Math.floor(video.length / 4);
    const stalled = request(new URL(uploadUrl, first.url), {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
        "content-length": String(video.length),
        cookie,
      },
    });
    const ended = new Promise<string>((resolve) => {
      stalled.on("response", (res) => resolve(`answered ${res.statusCode}`));
      stalled.on("close", () => resolve("closed"));
      stalled.on("error", () => resolve("closed"));
    });
    stalled.write(video.subarray(0, quarter));
    const received = bytesOnDisk(uploadsDir, uploadUrl);
    while ((await received()) < quarter) await sleep(10);

    // The first instance holds the upload's lock for the stalled PATCH; the second asks for it.
    expect(await offsetOn(second, uploadUrl)).toBe(quarter);
    // It got it because the first let go: the stalled request was ended by its server (without a
    // shared lock nothing would end it, and this would wait until the test times out).
    expect(await ended).toMatch(/answered|closed/);

    const finished = await tusUpload(second.url, cookie, video, mediaMetadata("Stalled"), { uploadUrl: `${second.url}${uploadUrl}` });
    expect(finished.status).toBe(200);
    expect(await rowsTitled("Stalled")).toBe("1");
    stalled.destroy();
  });
});
