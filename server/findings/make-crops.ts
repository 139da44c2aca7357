import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { findingCrops, findings } from "../db/schema";
import { defineTask } from "../queue/define-task";
import type { Storage } from "../storage/storage";
import { type Crop, type CropPlace, type LayerImage, thermalCrop, visualCrop, withLayerImage } from "./finding-crops";
import { fileToRead } from "../storage/file-to-read";
import { newestReadyLayer } from "../map-layers/read-layers";

/** Which layer kind each crop is drawn from, and how. */
const CROPPERS = {
  thermal: { layerKind: "thermal", draw: thermalCrop, extension: "png" },
  visual: { layerKind: "orthomosaic", draw: visualCrop, extension: "jpg" },
} as const satisfies Record<string, { layerKind: string; draw: (image: LayerImage, place: CropPlace) => Promise<Crop | null>; extension: string }>;

/** Where a crop's image is stored: by finding and layer, so a second run writes the same key over. */
const cropKey = (jobId: number, findingId: number, layerId: number, extension: string) =>
  `finding-crops/job-${jobId}/finding-${findingId}-layer-${layerId}.${extension}`;

type CropsContext = { db: Database; storage: Storage; log: FastifyBaseLogger };

/**
 * Makes the crops a job's findings lack (candidates included: the owner decides on them from the
 * crops): of the newest ready thermal layer and the newest ready orthomosaic. A finding outside a
 * layer gets a row without an image, so it is not tried again. Each layer's file is opened once from
 * where the store keeps it (a bucket's is copied to a work folder first); only the windows under the
 * findings are read. Safe to run twice: the second finds nothing to do, or writes the same keys.
 */
async function makeJobCrops({ db, storage }: CropsContext, jobId: number): Promise<number> {
  const rows = await db
    .select({ id: findings.id, lat: findings.lat, lon: findings.lon, polygon: findings.polygon })
    .from(findings)
    .where(eq(findings.jobId, jobId));
  if (rows.length === 0) return 0;
  const workDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-crops-"));
  let made = 0;
  try {
    for (const [kind, cropper] of Object.entries(CROPPERS) as [keyof typeof CROPPERS, (typeof CROPPERS)[keyof typeof CROPPERS]][]) {
      const layer = await newestReadyLayer(db, jobId, cropper.layerKind);
      if (!layer?.cogKey) continue;
      const done = new Set(
        (
          await db
            .select({ findingId: findingCrops.findingId })
            .from(findingCrops)
            .where(
              and(
                eq(findingCrops.layerId, layer.id),
                inArray(
                  findingCrops.findingId,
                  rows.map((row) => row.id),
                ),
              ),
            )
        ).map((row) => row.findingId),
      );
      const missing = rows.filter((row) => !done.has(row.id));
      if (missing.length === 0) continue;
      const file = await fileToRead(storage, layer.cogKey, path.join(workDir, `layer-${layer.id}.tif`));
      await withLayerImage(file, async (image) => {
        for (const finding of missing) {
          const crop = await cropper.draw(image, finding);
          const storageKey = crop ? cropKey(jobId, finding.id, layer.id, cropper.extension) : null;
          if (crop && storageKey) await storage.put(storageKey, Readable.from([crop.body]));
          await db
            .insert(findingCrops)
            .values({
              findingId: finding.id,
              layerId: layer.id,
              kind,
              storageKey,
              contentType: crop?.contentType ?? "",
              width: crop?.width ?? 0,
              height: crop?.height ?? 0,
            })
            .onConflictDoNothing();
          if (crop) made += 1;
        }
      });
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return made;
}

/**
 * The crops of a job's findings, in the background: queued when findings are added, imported or
 * detected and when a layer becomes ready. A failed run is tried again twice; what it made is kept.
 */
export const findingCropsTask = defineTask<{ jobId: number }, CropsContext>({
  name: "finding-crops",
  options: { retryLimit: 2, expireInSeconds: 1800 },
  // Crops read layers window by window in this process: one job at a time keeps memory flat.
  concurrency: 1,
  async work({ jobId }, context) {
    const made = await makeJobCrops(context, jobId);
    if (made > 0) context.log.info({ jobId, made }, "finding crops made");
  },
});
