import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { mapLayers } from "../db/schema";
import { ProcessCancelled, ProcessLimitExceeded, describeDuration } from "../processes/limited-process";
import { whilePresent } from "../processes/while-present";
import type { Storage } from "../storage/storage";
import { defineTask } from "../queue/define-task";
import { openGdalEngine } from "./gdal/open-engine";
import type { GdalEngine } from "./gdal/engine";
import { PROGRESS, processRaster, RasterRefused } from "./process-layer";
import { fileToRead } from "../storage/file-to-read";

// Two attempts after the first: a second and third run help a process killed mid-way (a deploy, the
// system out of memory); an input GDAL refuses is failed at once, never retried.
const RETRY_LIMIT = 2;
// A 10 GB orthomosaic takes on the order of an hour natively (docs/benchmarks.md): far inside this.
const EXPIRE_IN_SECONDS = 6 * 3600;
// The worker refreshes the claim every minute; a process that died lets another take the job after two.
const HEARTBEAT_SECONDS = 120;
// Layers processed at once by one process: each warp holds a few hundred MB and all the cores it is given.
const CONCURRENCY = 2;

export const layerMessages = {
  gone: "The uploaded file is no longer in storage: upload it again.",
  gaveUp: "Processing failed several times (see the server log); upload the file again, or ask us to look at it.",
  tooLong: (name: string, limit: string) =>
    `GDAL worked on ${name} for ${limit} and was stopped. A drone survey takes far less: check the file's georeference and pixel size, or ask us to raise the limit (MAP_LAYER_INFO_TIMEOUT_SECONDS, MAP_LAYER_WARP_TIMEOUT_SECONDS).`,
  tooLarge: (name: string, megabytes: number) =>
    `GDAL needed more than ${megabytes} MB of memory for ${name} and was stopped: export it in smaller parts, or ask us to raise the limit (BACKGROUND_MEMORY_MB).`,
} as const;

/** The COG's key, the same on every attempt: a retry replaces a partial one rather than leaving it behind. */
export function cogKeyFor(originalKey: string): string {
  const bytes = createHash("sha256").update(`map-layer-cog\n${originalKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `map-layers/${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.tif`;
}

/** The plain reason of a program stopped at its limit, for the admin. */
function limitMessage(error: ProcessLimitExceeded, name: string): string {
  return error.limit === "time"
    ? layerMessages.tooLong(name, describeDuration(error.limits.timeoutMs))
    : layerMessages.tooLarge(name, Math.round((error.limits.memoryBytes ?? 0) / 1024 / 1024));
}

type Context = {
  db: Database;
  storage: Storage;
  rasters: Config["rasters"];
  log: FastifyBaseLogger;
  /** What follows from a layer of the job becoming ready (the findings' crops, server/tasks.ts); a layer does not know the findings drawn from it. */
  layerReady: (jobId: number) => Promise<void>;
};

/** Fails the layer for good: the row says why; the original and any COG leave storage (the row stays for the admin to read and delete). */
async function fail(context: Context, layer: { id: number; originalKey: string }, error: string): Promise<void> {
  await context.db.update(mapLayers).set({ status: "failed", error, cogKey: null, updatedAt: new Date() }).where(eq(mapLayers.id, layer.id));
  await context.storage.delete(layer.originalKey);
  await context.storage.delete(cogKeyFor(layer.originalKey));
}

/**
 * Processes one layer: the work of processLayerTask, callable on its own (tests, benchmarks). Safe to
 * run again after a crash at any point: it starts over from the original, and the COG's key does not
 * change between attempts. A layer already ready or failed, or deleted meanwhile, is left alone.
 */
export async function processLayer(context: Context, layerId: number, { lastAttempt = true }: { lastAttempt?: boolean } = {}): Promise<void> {
  const [layer] = await context.db.select().from(mapLayers).where(eq(mapLayers.id, layerId));
  if (!layer || layer.status === "ready" || layer.status === "failed") return;
  await context.db
    .update(mapLayers)
    .set({ status: "processing", progress: PROGRESS.taken, error: null, updatedAt: new Date() })
    .where(eq(mapLayers.id, layerId));
  const workDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-layer-"));
  const watch = whilePresent(async () => (await context.db.select({ id: mapLayers.id }).from(mapLayers).where(eq(mapLayers.id, layerId))).length > 0);
  let engine: GdalEngine | undefined;
  let shown: number = PROGRESS.taken;
  let saving = Promise.resolve();
  // Progress rows are written one after another, never out of order, and only when the figure moves.
  const onProgress = (percent: number) => {
    if (percent <= shown) return;
    shown = percent;
    saving = saving.then(() =>
      context.db
        .update(mapLayers)
        .set({ progress: percent, updatedAt: new Date() })
        .where(eq(mapLayers.id, layerId))
        .then(() => undefined),
    );
  };
  try {
    if (!(await context.storage.stat(layer.originalKey))) {
      await fail(context, layer, layerMessages.gone);
      return;
    }
    // GDAL reads a local store's file where it lies; a bucket's is streamed to the work folder first.
    const input = await fileToRead(context.storage, layer.originalKey, path.join(workDir, "original.tif"));
    engine = await openGdalEngine(context.rasters.engine, workDir, { limits: context.rasters.limits, signal: watch.signal });
    const result = await processRaster(engine, input, workDir, { kind: layer.kind, bands: layer.bands, originalName: layer.originalName }, onProgress);
    await saving;
    const cogKey = result.reused ? layer.originalKey : cogKeyFor(layer.originalKey);
    if (!result.reused) await context.storage.put(cogKey, createReadStream(result.cog));
    const [updated] = await context.db
      .update(mapLayers)
      .set({
        status: "ready",
        progress: 100,
        error: null,
        cogKey,
        bands: result.bands,
        stats: result.stats,
        bounds: result.bounds,
        resolutionCm: result.resolutionCm,
        capturedAt: layer.capturedAt ?? result.capturedAt,
        updatedAt: new Date(),
      })
      .where(eq(mapLayers.id, layerId))
      .returning({ id: mapLayers.id });
    // Deleted while it was processed: what this run stored has no row to be found by.
    if (!updated && !result.reused) await context.storage.delete(cogKey);
    if (updated) await context.layerReady(layer.jobId);
  } catch (error) {
    await saving.catch(() => undefined);
    if (error instanceof ProcessCancelled || watch.signal.aborted) {
      // Deleted while it was processed: the route took the row and the original; what this run stored goes too.
      context.log.info({ layerId }, "map layer deleted while processing; its work was stopped");
      await context.storage.delete(cogKeyFor(layer.originalKey));
      return;
    }
    if (error instanceof ProcessLimitExceeded) {
      context.log.warn({ layerId, reason: error.message }, "map layer stopped at its limit");
      await fail(context, layer, limitMessage(error, layer.originalName));
      return;
    }
    if (error instanceof RasterRefused) {
      context.log.info({ layerId, reason: error.message }, "map layer refused by GDAL");
      await fail(context, layer, error.message);
      return;
    }
    if (lastAttempt) {
      context.log.error({ err: error, layerId }, "map layer processing failed on its last attempt");
      await fail(context, layer, layerMessages.gaveUp);
      return;
    }
    // Queued again, as the admin should see it until the next attempt.
    await context.db.update(mapLayers).set({ status: "queued", progress: 0, updatedAt: new Date() }).where(eq(mapLayers.id, layerId));
    throw error;
  } finally {
    watch.stop();
    await engine?.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Processes one uploaded map layer in the background: validate with GDAL, convert to a Cloud
 * Optimized GeoTIFF in EPSG:3857 with overviews, compute band statistics, bounds, resolution and
 * capture date, and store the COG beside the original. The row shows queued → processing
 * (progress) → ready, or failed with the reason.
 */
export const processLayerTask = defineTask<{ layerId: number }, Context>({
  name: "map-layer",
  options: { retryLimit: RETRY_LIMIT, expireInSeconds: EXPIRE_IN_SECONDS, heartbeatSeconds: HEARTBEAT_SECONDS },
  concurrency: CONCURRENCY,
  async work({ layerId }, context, run) {
    await processLayer(context, layerId, { lastAttempt: run.retryCount >= RETRY_LIMIT });
  },
});
