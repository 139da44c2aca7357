import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { S3Storage } from "../storage/s3";
import type { Storage } from "../storage/storage";
import { unzip, zipNames } from "../testing/job-files";
import { startS3Peer } from "../testing/s3-peer";
import { jobArchive } from "./job-archive";
import type { JobFile } from "./job-files";

const file = (id: number, key: string): JobFile => ({
  kind: "media",
  id,
  name: `${key}.jpg`,
  title: key,
  key,
  size: 0,
  date: new Date("2026-11-25T10:00:00Z"),
});

/** A store whose "broken" object fails after its first bytes, as a bucket's connection may. */
function storeOf(opened: string[]): Storage {
  const read = async (key: string) => {
    opened.push(key);
    if (key !== "broken") return Readable.from([Buffer.from(`bytes of ${key}`)]);
    return new Readable({
      read() {
        this.push(Buffer.from("first bytes"));
        this.destroy(new Error("connection reset by the bucket"));
      },
    });
  };
  return { read, put: async () => ({ size: 0 }), stat: async () => null, delete: async () => undefined, sweepIncomplete: async () => 0 };
}

describe("a job's ZIP as it is built", () => {
  it("fails the download when a file cannot be read to its end, and opens no file after it", async () => {
    const opened: string[] = [];
    const archive = jobArchive(storeOf(opened), [file(1, "first"), file(2, "broken"), file(3, "after")]);
    await expect(
      (async () => {
        for await (const chunk of archive) expect(chunk).toBeDefined();
      })(),
    ).rejects.toThrow("connection reset by the bucket");
    expect(opened).toEqual(["first", "broken"]);
  });

  it("ends with an empty archive when the job has no files", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of jobArchive(storeOf([]), [])) chunks.push(chunk as Buffer);
    // End of central directory, and nothing else.
    expect(Buffer.concat(chunks).subarray(0, 4).toString("hex")).toBe("504b0506");
  });

  it("reads each file from an S3 bucket as it does from the local disk", async () => {
    const peer = await startS3Peer();
    const folder = await mkdtemp(path.join(os.tmpdir(), "skyvantage-zip-s3-"));
    try {
      const bucket = new S3Storage(peer.settings);
      const photo = Buffer.alloc(3 * 1024 * 1024, 9);
      await bucket.put("media/roof", Readable.from([photo]));
      await bucket.put("media/site", Readable.from([Buffer.from("site photo")]));
      const chunks: Buffer[] = [];
      for await (const chunk of jobArchive(bucket, [file(1, "media/roof"), file(2, "media/site")])) chunks.push(chunk as Buffer);
      const saved = path.join(folder, "job.zip");
      await writeFile(saved, Buffer.concat(chunks));
      expect(await unzip(["-t", saved])).toContain("No errors detected");
      expect(await zipNames(saved)).toEqual(["media/media_roof.jpg", "media/media_site.jpg"]);
      expect(await unzip(["-p", saved, "media/media_site.jpg"])).toBe("site photo");
    } finally {
      await peer.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
