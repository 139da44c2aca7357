import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Storage } from "../storage/storage";
import { jobArchive } from "./job-archive";
import type { JobFile } from "./job-files";

const file = (id: number, key: string): JobFile => ({ kind: "media", id, name: `${key}.jpg`, key, size: 0, date: new Date("2026-11-25T10:00:00Z") });

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
});
