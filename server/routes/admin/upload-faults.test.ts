import { readdirSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline, type Readable, Transform } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, reports, services } from "../../db/schema";
import { LocalDiskStorage } from "../../storage/local-disk";
import type { ByteRange, Storage } from "../../storage/storage";
import { createAdmin, registerUser, type TestUser } from "../../testing/factories";
import { multipartBody, postOverHttp, sampleFiles } from "../../testing/multipart";
import { createTestApp, type TestApp } from "../../testing/test-app";

const STORAGE_UNAVAILABLE = "File storage is temporarily unavailable. Please try again shortly.";
const FAIL_AFTER = 256 * 1024;

function storageWentAway(): Error {
  return Object.assign(new Error("storage went away"), { code: "ECONNRESET" });
}

/** Every file under a folder, temporary ones included, as paths relative to it. */
function filesUnder(root: string): string[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

type Fault = "healthy" | "mid-upload" | "at once";

/**
 * Local disk whose connection can be cut: "mid-upload" fails the write after FAIL_AFTER bytes
 * have reached the disk, "at once" refuses the put before reading anything.
 */
class FaultyStorage implements Storage {
  fault: Fault = "healthy";
  /** Bytes of partial files on disk at the moment the last mid-upload failure struck. */
  partialBytes = 0;
  private readonly disk: LocalDiskStorage;

  constructor(readonly root: string) {
    this.disk = new LocalDiskStorage(root);
  }

  put(key: string, body: Readable) {
    if (this.fault === "at once") return Promise.reject(storageWentAway());
    if (this.fault === "healthy") return this.disk.put(key, body);
    let seen = 0;
    const cut = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        seen += chunk.length;
        if (seen <= FAIL_AFTER) return callback(null, chunk);
        void this.partialOnDisk().then((bytes) => {
          this.partialBytes = bytes;
          callback(storageWentAway());
        });
      },
    });
    return this.disk.put(
      key,
      pipeline(body, cut, () => undefined),
    );
  }

  sweepIncomplete() {
    return this.disk.sweepIncomplete();
  }

  /** Waits (briefly) for the bytes passed on so far to reach the disk, so the failure strikes a partial file. */
  private async partialOnDisk(): Promise<number> {
    // Where LocalDiskStorage writes a file until it is complete.
    const incoming = path.join(this.root, ".incoming");
    for (let attempt = 0; attempt < 100; attempt++) {
      const bytes = filesUnder(incoming).reduce((sum, file) => sum + statSync(path.join(incoming, file)).size, 0);
      if (bytes > 0) return bytes;
      await sleep(10);
    }
    return 0;
  }

  read(key: string, range?: ByteRange) {
    return this.disk.read(key, range);
  }

  stat(key: string) {
    return this.disk.stat(key);
  }

  delete(key: string) {
    return this.disk.delete(key);
  }
}

const MiB = 1024 * 1024;
const bigVideo = Buffer.concat([sampleFiles.mp4, Buffer.alloc(2 * MiB, 7)]);
const bigPdf = Buffer.concat([sampleFiles.pdf, Buffer.alloc(2 * MiB, 32)]);

describe("uploads when file storage fails", () => {
  let t: TestApp;
  let storage: FaultyStorage;
  let admin: TestUser;
  let customer: TestUser;
  let serviceId: number;

  beforeAll(async () => {
    storage = new FaultyStorage(await mkdtemp(path.join(os.tmpdir(), "skyvantage-faulty-storage-")));
    t = await createTestApp({}, { storage });
    [admin, customer] = await Promise.all([createAdmin(t), registerUser(t)]);
    const [service] = await t.database.db.select().from(services).limit(1);
    serviceId = service!.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(storage.root, { recursive: true, force: true });
  });

  const fields = () => ({ userId: String(customer.user.id), serviceId: String(serviceId), title: "Roof survey", description: "North wing" });
  const kinds = {
    "/api/admin/media": { table: media, file: { name: "survey.mp4", type: "video/mp4", content: bigVideo } },
    "/api/admin/reports": { table: reports, file: { name: "survey.pdf", type: "application/pdf", content: bigPdf } },
  } as const;
  const upload = async (url: keyof typeof kinds) => {
    const { payload, headers } = await multipartBody(fields(), kinds[url].file);
    return t.app.inject({ method: "POST", url, payload, headers: { ...headers, cookie: admin.cookie } });
  };
  const rows = (url: keyof typeof kinds) => t.database.db.$count(kinds[url].table);

  const cases = (Object.keys(kinds) as (keyof typeof kinds)[]).flatMap((url) => (["mid-upload", "at once"] as const).map((fault) => ({ url, fault })));

  it.each(cases)("$url: storage failing $fault answers 503, keeps no row and no file, and the next upload is stored", async ({ url, fault }) => {
    const rowsBefore = await rows(url);
    const filesBefore = filesUnder(storage.root);
    storage.fault = fault;
    storage.partialBytes = 0;

    const failed = await upload(url);
    storage.fault = "healthy";

    expect(failed.statusCode).toBe(503);
    expect(failed.headers["content-type"]).toMatch(/^application\/json/);
    expect(failed.json()).toEqual({ message: STORAGE_UNAVAILABLE });
    if (fault === "mid-upload") expect(storage.partialBytes).toBeGreaterThan(0);
    expect(await rows(url)).toBe(rowsBefore);
    expect(filesUnder(storage.root)).toEqual(filesBefore);

    const retried = await upload(url);
    expect(retried.statusCode).toBe(201);
    expect(await rows(url)).toBe(rowsBefore + 1);
    const stored = filesUnder(storage.root).filter((file) => !filesBefore.includes(file));
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toMatch(/^\.incoming/);
    const download = await t.app.inject({ method: "GET", url: retried.json().data.fileUrl, headers: { cookie: customer.cookie } });
    expect(download.rawPayload.equals(Buffer.from(kinds[url].file.content))).toBe(true);
  });

  /** The upload's fields and the file's first bytes, then nothing: no rest of the file, no closing boundary. */
  const cutShort = (url: keyof typeof kinds, bytes: number) => {
    const { name, type, content } = kinds[url].file;
    const head = Object.entries(fields())
      .map(([field, value]) => `--x\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)
      .join("");
    return Buffer.concat([
      Buffer.from(`${head}--x\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      content.subarray(0, bytes),
    ]);
  };

  // A few bytes: the part had failed before it was read, and the request waited forever. 64 KiB: it failed while
  // being stored, and answered 500.
  const cutCases = (Object.keys(kinds) as (keyof typeof kinds)[]).flatMap((url) => [4, 64 * 1024].map((bytes) => ({ url, bytes })));

  it.each(cutCases)("$url: a body ending $bytes bytes into the file answers 400, keeping no row and no file", async ({ url, bytes }) => {
    const rowsBefore = await rows(url);
    const filesBefore = filesUnder(storage.root);
    const answer = t.app.inject({
      method: "POST",
      url,
      payload: cutShort(url, bytes),
      headers: { "content-type": "multipart/form-data; boundary=x", cookie: admin.cookie },
    });
    // Only turns a request that never answers (it once waited forever) into a failure, not a timing check.
    const res = await Promise.race([answer, sleep(10_000).then(() => "no answer" as const)]);
    expect(res).not.toBe("no answer");
    if (res === "no answer") return;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The upload is not a well-formed multipart/form-data body" });
    expect(await rows(url)).toBe(rowsBefore);
    expect(filesUnder(storage.root)).toEqual(filesBefore);
  });

  it("reads the rest of a failed upload over HTTP, so the client finishes sending and gets the 503", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const { payload, headers } = await multipartBody(fields(), {
      name: "long.mp4",
      type: "video/mp4",
      content: Buffer.concat([sampleFiles.mp4, Buffer.alloc(32 * MiB, 3)]),
    });
    const rowsBefore = await rows("/api/admin/media");
    const filesBefore = filesUnder(storage.root);
    storage.fault = "mid-upload";
    let sentAll = false;
    try {
      const answer = await postOverHttp(port, "/api/admin/media", { ...headers, cookie: admin.cookie, "content-length": String(payload.length) }, (req) =>
        req.end(payload, () => (sentAll = true)),
      );
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ message: STORAGE_UNAVAILABLE });
      await expect.poll(() => sentAll, { timeout: 5_000 }).toBe(true);
    } finally {
      storage.fault = "healthy";
    }
    expect(await rows("/api/admin/media")).toBe(rowsBefore);
    expect(filesUnder(storage.root)).toEqual(filesBefore);
  });

  it.each(Object.keys(kinds) as (keyof typeof kinds)[])(
    "%s over HTTP: a body ending mid-file answers 400, keeping no row and no file (its failure once escaped as an uncaught error)",
    async (url) => {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as AddressInfo;
      const rowsBefore = await rows(url);
      const filesBefore = filesUnder(storage.root);
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: "POST",
        body: new Uint8Array(cutShort(url, 4 * 1024)),
        headers: { "content-type": "multipart/form-data; boundary=x", cookie: admin.cookie },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "The upload is not a well-formed multipart/form-data body" });
      expect(await rows(url)).toBe(rowsBefore);
      expect(filesUnder(storage.root)).toEqual(filesBefore);
    },
  );
});
