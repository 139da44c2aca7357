import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./local-disk";
import { ABANDONED_UPLOAD_MS } from "./storage";
import { describeStorageContract } from "../testing/storage-contract";

describeStorageContract("local disk", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "skyvantage-storage-"));
  return { storage: new LocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});

/** Every file under the folder, relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

// A process that stores one endless upload under `root` (its bytes reach the disk), says so, and waits to be killed.
const UPLOADER = `
  import { PassThrough } from "node:stream";
  import { LocalDiskStorage } from "./server/storage/local-disk.ts";
  const body = new PassThrough();
  void new LocalDiskStorage(process.argv[1]).put("media/in-flight", body);
  body.write(Buffer.alloc(256 * 1024, 1), () => setTimeout(() => console.log("writing"), 200));
  setInterval(() => undefined, 1000);
`;

function startUploader(root: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", UPLOADER, root], {
    cwd: process.cwd(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const writing = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`uploader exited early (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, writing, exited };
}

describe("partial uploads left by a crash", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "skyvantage-sweep-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("are removed by the next start, once their process was killed mid-upload", async () => {
    const uploader = startUploader(root);
    await uploader.writing;
    uploader.child.kill("SIGKILL");
    await uploader.exited;
    const left = await filesUnder(path.join(root, ".incoming"));
    expect(left).toHaveLength(1);

    expect(await new LocalDiskStorage(root).sweepIncomplete()).toBe(1);
    expect(await filesUnder(root)).toEqual([]);
    expect(existsSync(path.join(root, "media", "in-flight"))).toBe(false);
  });

  it("leave another running instance's upload alone, until it has not moved for a long while", async () => {
    const uploader = startUploader(root);
    try {
      await uploader.writing;
      const [inFlight] = await filesUnder(path.join(root, ".incoming"));
      expect(await new LocalDiskStorage(root).sweepIncomplete()).toBe(0);
      expect(await filesUnder(path.join(root, ".incoming"))).toEqual([inFlight]);

      const stale = new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000);
      await utimes(path.join(root, ".incoming", inFlight!), stale, stale);
      expect(await new LocalDiskStorage(root).sweepIncomplete()).toBe(1);
      expect(await filesUnder(path.join(root, ".incoming"))).toEqual([]);
    } finally {
      uploader.child.kill("SIGKILL");
      await uploader.exited;
    }
  });

  it("never touch this process's own upload in flight, nor a complete file", async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put("media/done", PassThrough.from(["complete"]));
    const body = new PassThrough();
    const storing = storage.put("media/in-flight", body);
    body.write("first bytes");
    await expect.poll(async () => (await filesUnder(path.join(root, ".incoming"))).length).toBe(1);

    expect(await new LocalDiskStorage(root).sweepIncomplete()).toBe(0);
    body.end("last bytes");
    expect(await storing).toEqual({ size: "first byteslast bytes".length });
    expect((await filesUnder(root)).sort()).toEqual(["media/done", "media/in-flight"]);
  });

  it("of another host sharing the folder go only once stale", async () => {
    const foreign = path.join(root, ".incoming", "other-host~4242~a1");
    await mkdir(foreign, { recursive: true });
    await writeFile(path.join(foreign, "fresh"), "x");
    await writeFile(path.join(foreign, "stale"), "x");
    const stale = new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000);
    await utimes(path.join(foreign, "stale"), stale, stale);
    expect(await new LocalDiskStorage(root).sweepIncomplete()).toBe(1);
    expect(await filesUnder(path.join(root, ".incoming"))).toEqual(["other-host~4242~a1/fresh"]);
  });
});
