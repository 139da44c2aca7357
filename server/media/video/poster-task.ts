import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { media } from "../../db/schema";
import { ProcessCancelled } from "../../processes/limited-process";
import { whilePresent } from "../../processes/while-present";
import { defineTask } from "../../queue/define-task";
import type { Storage } from "../../storage/storage";
import type { TaskQueue } from "../../queue/queue";
import { grabFrame, posterTime, probeDuration } from "./read-video";
import { ToolFailed, ToolMissing } from "./run-tool";
import { withToolInput } from "./tool-input";

/** The poster's key in storage: one per media item, the same on every attempt, so a retry replaces it. */
const posterKeyFor = (mediaId: number): string => `media-posters/${mediaId}.jpg`;

/** Whether a media row is a video: a video mime type, or the bare word of docs/product.md §3. */
export const isVideo = (fileType: string): boolean => /^video(\/|$)/i.test(fileType);

type Context = { db: Database; storage: Storage; video: Config["video"]; log: FastifyBaseLogger };

/** What one run did; the job's callers (tests, the log) read it. */
export type PosterOutcome = "made" | "no-tools" | "unreadable" | "skipped";

// Said once per process and program, not on every upload of a site that runs without ffmpeg.
const toldMissing = new Set<string>();

/**
 * Reads a video's duration with ffprobe and takes its poster frame with ffmpeg, and writes both on
 * its row. Without ffmpeg (not installed, or FFMPEG_PATH/FFPROBE_PATH wrong) it records nothing and
 * the browser shows the generic poster; a file ffmpeg cannot read stays as it is, playable where the
 * browser can, and is logged. Only a failing store or database throws, for the queue to retry.
 */
async function makeVideoPoster(context: Context, mediaId: number): Promise<PosterOutcome> {
  const [row] = await context.db.select().from(media).where(eq(media.id, mediaId));
  if (!row || !isVideo(row.fileType) || row.posterKey !== null) return "skipped";
  if (!(await context.storage.stat(row.storageKey))) return "skipped";
  const read: { duration: number | null; poster: Buffer | null } = { duration: null, poster: null };
  // Deleting the item stops ffmpeg: the poster would have no row to belong to.
  const watch = whilePresent(async () => (await context.db.select({ id: media.id }).from(media).where(eq(media.id, mediaId))).length > 0);
  try {
    await withToolInput(context.storage, row.storageKey, async (input) => {
      read.duration = await probeDuration(context.video, input, watch.signal);
      read.poster = await grabFrame(context.video, input, posterTime(read.duration), watch.signal);
    });
  } catch (error) {
    if (error instanceof ProcessCancelled) return "skipped";
    if (error instanceof ToolMissing) {
      if (!toldMissing.has(error.message)) context.log.info(`${error.message}: videos get the generic poster and no duration (FFMPEG_PATH, FFPROBE_PATH)`);
      toldMissing.add(error.message);
      return "no-tools";
    }
    if (!(error instanceof ToolFailed)) throw error;
    context.log.warn({ mediaId, reason: error.message }, "no poster could be made of this video; it keeps the generic one");
  } finally {
    watch.stop();
  }
  const { duration, poster } = read;
  const posterKey = poster === null ? null : posterKeyFor(mediaId);
  if (poster !== null && posterKey !== null) await context.storage.put(posterKey, Readable.from([poster]));
  if (duration === null && posterKey === null) return "unreadable";
  // The poster and the end of the wait in one write: a list never sees the wait over without the poster.
  const [updated] = await context.db
    .update(media)
    .set({ durationSeconds: duration, posterKey, posterPending: false })
    .where(eq(media.id, mediaId))
    .returning({ id: media.id });
  // Deleted while ffmpeg ran: its poster has no row to be found by.
  if (!updated && posterKey !== null) await context.storage.delete(posterKey);
  return posterKey === null ? "unreadable" : "made";
}

/**
 * Ends a video's wait for its poster (posterPending): whatever the job found, the lists stop asking
 * again (docs/decisions/0050-poster-pending.md).
 */
async function endPosterWait(db: Database, mediaId: number): Promise<void> {
  await db
    .update(media)
    .set({ posterPending: false })
    .where(and(eq(media.id, mediaId), eq(media.posterPending, true)));
}

// A failing store is worth a few tries; a file ffmpeg refuses is not retried at all (see above).
const RETRY_LIMIT = 3;

/** Makes an uploaded video's poster and reads its duration in the background (docs/decisions/0038-video-posters.md). */
export const videoPosterTask = defineTask<{ mediaId: number }, Context>({
  name: "video-poster",
  options: { retryLimit: RETRY_LIMIT, expireInSeconds: 600 },
  // Each holds an ffprobe or ffmpeg: two at a time, taken one by one, so a slow video delays no other.
  concurrency: 2,
  async work({ mediaId }, context, run) {
    try {
      await makeVideoPoster(context, mediaId);
    } catch (error) {
      // The last try failed too: no poster is coming, and the video keeps the generic one.
      if (run.retryCount >= RETRY_LIMIT) await endPosterWait(context.db, mediaId);
      throw error;
    }
    await endPosterWait(context.db, mediaId);
  },
});

/**
 * Called wherever a media row is written (the multipart upload, a completed tus upload): queues a
 * video's poster. A queue that cannot take the job costs the video its poster, never the upload
 * the admin was told is stored.
 */
export async function queueVideoPoster(
  { db, queue, log }: { db: Database; queue: Pick<TaskQueue, "send">; log: Pick<FastifyBaseLogger, "error"> },
  row: { id: number; fileType: string },
): Promise<void> {
  if (!isVideo(row.fileType)) return;
  try {
    await queue.send(videoPosterTask, { mediaId: row.id });
  } catch (error) {
    log.error({ err: error, mediaId: row.id }, "the video's poster could not be queued; it keeps the generic one");
    await endPosterWait(db, row.id).catch((ended: unknown) => log.error({ err: ended, mediaId: row.id }, "the video's wait for its poster could not be ended"));
  }
}
