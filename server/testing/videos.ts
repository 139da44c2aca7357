import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

const run = promisify(execFile);

/**
 * A real H.264 MP4 made by Debian's ffmpeg (its test pattern, 320×240 at 10 frames a second), with
 * its index at the end as cameras write it, so reading it needs a seek.
 */
export async function makeTestVideo(seconds: number): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "skyvantage-video-"));
  try {
    const file = path.join(folder, "clip.mp4");
    await run("ffmpeg", [
      "-v",
      "error",
      "-nostdin",
      "-f",
      "lavfi",
      "-i",
      `testsrc=duration=${seconds}:size=320x240:rate=10`,
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Jobs of one queue not yet settled (created, retried or running), read from pg-boss's own table. */
export async function unsettledJobs(db: Database, queue: string): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${queue} and state < 'completed'`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}
