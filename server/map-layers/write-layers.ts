import { eq } from "drizzle-orm";
import { isSettled, jobMessages, type JobStatus } from "@common/job-status";
import type { MapLayerFields } from "@common/map-layers";
import type { MapLayerKind } from "@common/map-layer-kinds";
import type { Database } from "../db/client";
import { findingCrops, jobs, mapLayers } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { Storage } from "../storage/storage";
import { LAYER_NOT_FOUND } from "./read-layers";

type LayerRow = typeof mapLayers.$inferSelect;

/** 404 for no job, 409 for one cancelled or closed; its other deliverables follow the same rule (server/deliverables/write-deliverables.ts). */
export function assertOpen(job: { status: JobStatus } | undefined): asserts job {
  if (!job) throw new DomainError("not-found", jobMessages.notFound);
  if (isSettled(job.status)) throw new DomainError("conflict", jobMessages.settled(job.status));
}

/** 404 for a job that does not exist, 409 for one cancelled or closed. */
export async function assertTakesLayers(db: Database, jobId: number): Promise<void> {
  const [job] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  assertOpen(job);
}

const ORTHOMOSAIC_BANDS = ["red", "green", "blue", "alpha"];

/** The band names in file order: as the admin named a multispectral layer's, by kind for the others (what statistics and the viewer call them). */
function bandNames(kind: MapLayerKind, named: string[], bandCount: number): string[] {
  switch (kind) {
    case "multispectral":
      return named;
    case "orthomosaic":
      return ORTHOMOSAIC_BANDS.slice(0, bandCount);
    case "elevation":
      return ["elevation"];
    case "thermal":
      return ["temperature"];
  }
}

export interface NewLayer {
  jobId: number;
  fields: MapLayerFields;
  file: { key: string; size: number; originalName: string };
  bandCount: number;
  uploadedBy: number;
}

/**
 * Writes the layer, queued. The job is read again under a share lock: a long upload may have
 * begun before the job was cancelled or closed, and a move waits for this insert, or it for the move.
 */
export async function insertLayer(db: Database, { jobId, fields, file, bandCount, uploadedBy }: NewLayer): Promise<LayerRow> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).for("share");
    assertOpen(job);
    const [row] = await tx
      .insert(mapLayers)
      .values({
        jobId,
        kind: fields.kind,
        title: fields.title,
        capturedAt: fields.capturedAt ? new Date(fields.capturedAt) : null,
        bands: bandNames(fields.kind, fields.bands, bandCount),
        status: "queued",
        progress: 0,
        originalKey: file.key,
        originalName: file.originalName,
        originalSize: file.size,
        uploadedBy,
      })
      .returning();
    if (!row) throw new Error("insert returned no map layer");
    return row;
  });
}

/** Removes a row that never got queued (its processing could not be asked for). */
export async function removeLayerRow(db: Database, id: number): Promise<void> {
  await db.delete(mapLayers).where(eq(mapLayers.id, id));
}

/**
 * Deletes the layer and its files: the original, the COG when it is a file of its own (an
 * upload that already was a COG in EPSG:3857 is its own COG), and the findings' crops cut from it. The row goes first, so nobody is
 * offered a file about to vanish.
 */
export async function deleteLayer(db: Database, storage: Storage, id: number): Promise<void> {
  const { row, crops } = await db.transaction(async (tx) => {
    // The findings' crops cut from it go with it (their rows by the foreign key): they are its pictures.
    const cut = await tx.select({ key: findingCrops.storageKey }).from(findingCrops).where(eq(findingCrops.layerId, id));
    const [deleted] = await tx.delete(mapLayers).where(eq(mapLayers.id, id)).returning({ originalKey: mapLayers.originalKey, cogKey: mapLayers.cogKey });
    return { row: deleted, crops: cut };
  });
  if (!row) throw new DomainError("not-found", LAYER_NOT_FOUND);
  await storage.delete(row.originalKey);
  if (row.cogKey !== null && row.cogKey !== row.originalKey) await storage.delete(row.cogKey);
  for (const { key } of crops) if (key !== null) await storage.delete(key);
}
