import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, ne, notInArray } from "drizzle-orm";
import type { z } from "zod";
import type { layerDetectionSchema } from "@common/contract/finding-detection";
import { detectionMessages } from "@common/finding-detection";
import { classFitsKind, type DeltaTThresholds, type FindingClass, severityForDeltaT } from "@common/findings";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { findingDetections, findingEvents, findings, jobs, mapLayers } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob } from "../jobs/read-jobs";
import { LAYER_NOT_FOUND } from "../map-layers/read-layers";
import { runNodeTask } from "../processes/node-task";
import { whilePresent } from "../processes/while-present";
import type { Storage } from "../storage/storage";
import type { ClusterGroup } from "./hot-spot-detector";
import { GROUP_METRES, type PlacedGroup } from "./propose-hot-spots";
import { jobKind, worksOn } from "./read-findings";
import { placeInLayout } from "./write-findings";
import { fileToRead } from "../storage/file-to-read";

type LayerRow = typeof mapLayers.$inferSelect;
type DetectionRow = typeof findingDetections.$inferSelect;
type PublicDetection = z.output<typeof layerDetectionSchema>;

const shape = (layer: Pick<LayerRow, "id" | "title" | "status">, detection: DetectionRow | undefined): PublicDetection => ({
  layerId: layer.id,
  layerTitle: layer.title,
  layerStatus: layer.status,
  status: detection?.status ?? null,
  candidates: detection?.candidates ?? null,
  error: detection?.error ?? null,
  requestedAt: detection?.requestedAt ?? null,
  updatedAt: detection?.updatedAt ?? null,
});

/** The layer, if the actor works on its job (an admin, or the job's pilot); otherwise not found. */
async function layerForStaff(db: Database, actor: Actor, layerId: number): Promise<LayerRow> {
  const [found] = await db
    .select({ layer: mapLayers, pilotId: jobs.pilotId })
    .from(mapLayers)
    .innerJoin(jobs, eq(jobs.id, mapLayers.jobId))
    .where(eq(mapLayers.id, layerId));
  if (!found || !worksOn(actor, found)) throw new DomainError("not-found", LAYER_NOT_FOUND);
  return found.layer;
}

/**
 * POST /api/admin/layers/:id/detect: writes the layer's detection queued, unless one is queued or
 * running already (409). A layer that is not thermal is 400, one not processed yet (or failed) 409.
 * The caller sends the job after this, outside any transaction.
 */
export async function requestDetection(db: Database, actor: Actor, layerId: number): Promise<PublicDetection> {
  const layer = await layerForStaff(db, actor, layerId);
  if (layer.kind !== "thermal") {
    const message = detectionMessages.notThermal(layer.kind);
    throw new DomainError("invalid", message, { id: message });
  }
  if (layer.status !== "ready") throw new DomainError("conflict", detectionMessages.notReady(layer.status));
  const queued = { status: "queued" as const, candidates: null, error: null, requestedBy: actor.id, requestedAt: new Date(), updatedAt: new Date() };
  // One statement: of two requests at once, one queues and the other finds it busy.
  const [row] = await db
    .insert(findingDetections)
    .values({ layerId, ...queued })
    .onConflictDoUpdate({ target: findingDetections.layerId, set: queued, setWhere: notInArray(findingDetections.status, ["queued", "running"]) })
    .returning();
  if (!row) {
    const [busy] = await db.select({ status: findingDetections.status }).from(findingDetections).where(eq(findingDetections.layerId, layerId));
    throw new DomainError("conflict", detectionMessages.busy(busy?.status ?? "queued"));
  }
  return shape(layer, row);
}

/** Puts a detection back as it was before a request whose job could not be queued. */
export async function forgetDetection(db: Database, layerId: number): Promise<void> {
  await db.delete(findingDetections).where(and(eq(findingDetections.layerId, layerId), eq(findingDetections.status, "queued")));
}

/** GET /api/admin/jobs/:id/detections: the job's thermal layers, oldest first, each with its detection. */
export async function listDetections(db: Database, actor: Actor, jobId: number): Promise<PublicDetection[]> {
  const job = await findVisibleJob(db, actor, jobId);
  if (!worksOn(actor, job)) throw new DomainError("not-found", "Job not found");
  const rows = await db
    .select({ layer: { id: mapLayers.id, title: mapLayers.title, status: mapLayers.status }, detection: findingDetections })
    .from(mapLayers)
    .leftJoin(findingDetections, eq(findingDetections.layerId, mapLayers.id))
    .where(and(eq(mapLayers.jobId, jobId), eq(mapLayers.kind, "thermal")))
    .orderBy(asc(mapLayers.createdAt), asc(mapLayers.id));
  return rows.map(({ layer, detection }) => shape(layer, detection ?? undefined));
}

/** Metres between two WGS84 points a few metres apart (equirectangular: exact enough at that range). */
function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = Math.PI / 180;
  const x = (b.lon - a.lon) * radians * Math.cos(((a.lat + b.lat) / 2) * radians);
  const y = (b.lat - a.lat) * radians;
  return Math.hypot(x, y) * 6_371_000;
}

/** A hot cluster's size on the ground, from the layer's resolution, in words a reader of the report follows. */
function areaOf(pixels: number, resolutionCm: number | null): string {
  if (resolutionCm === null) return "a hot area";
  const squareMetres = pixels * (resolutionCm / 100) ** 2;
  return squareMetres < 0.01 ? "a hot area under 0.01 m²" : `a hot area of about ${squareMetres.toFixed(2)} m²`;
}

/**
 * The note a candidate keeps once accepted, which the customer reads with the finding (decision
 * 0046): what was found and on which layer, in the customer's words; where the detector looked in
 * the raster (its pixel grid) is no business of theirs, the finding's coordinates say where it is.
 */
function candidateNote(group: ClusterGroup, layer: Pick<LayerRow, "title" | "resolutionCm">, minDeltaT: number): string {
  const spot = `${areaOf(group.lead.pixels, layer.resolutionCm)} at least ${minDeltaT} °C warmer than its surroundings`;
  return group.members.length === 1
    ? `Found on the thermal layer ${layer.title}: ${spot}.`
    : `Found on the thermal layer ${layer.title}: ${group.members.length} hot spots within ${GROUP_METRES} m, the hottest ${spot}.`;
}

export interface DetectionSettings {
  thresholds: DeltaTThresholds;
  minDeltaT: number;
}

/** What detection reads and writes with: the layer's COG in storage, and the limits of its process. */
export type DetectionContext = { db: Database; storage: Storage; tasks: Pick<Config["tasks"], "detection"> };

/**
 * The detection task's work: reads the layer's COG window by window, proposes each hot cluster (or
 * group of them) as a candidate finding, and replaces the layer's earlier candidates that nobody
 * decided on. A candidate where an accepted or dismissed finding of the layer already lies is not
 * proposed again. Safe to run again: each run replaces the last one's candidates.
 */
export async function detectCandidates(context: DetectionContext, layerId: number, settings: DetectionSettings): Promise<number | null> {
  const { db, storage } = context;
  const [layer] = await db.select().from(mapLayers).where(eq(mapLayers.id, layerId));
  const [detection] = await db.select().from(findingDetections).where(eq(findingDetections.layerId, layerId));
  if (!layer || !detection) return null;
  if (layer.status !== "ready" || layer.cogKey === null) throw new DomainError("conflict", detectionMessages.notReady(layer.status));
  await db.update(findingDetections).set({ status: "running", error: null }).where(eq(findingDetections.layerId, layerId));

  const workDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-detect-"));
  try {
    if (!(await storage.stat(layer.cogKey))) throw new DomainError("not-found", detectionMessages.fileGone);
    // geotiff.js reads a local store's file where it lies; a bucket's is copied to the work folder first.
    const file = await fileToRead(storage, layer.cogKey, path.join(workDir, "layer.tif"));
    // Read and scored in a process of its own, under its limits (docs/decisions/0043-limits-on-background-work.md);
    // deleting the layer stops it.
    const watch = whilePresent(async () => (await db.select({ id: mapLayers.id }).from(mapLayers).where(eq(mapLayers.id, layerId))).length > 0);
    let placed: PlacedGroup[];
    try {
      placed = await runNodeTask(
        "hot-spots",
        { file, minDeltaT: settings.minDeltaT, resolutionCm: layer.resolutionCm },
        { limits: context.tasks.detection, signal: watch.signal, label: "Hot-spot detection" },
      );
    } finally {
      watch.stop();
    }
    const kind = await jobKind(db, layer.jobId);
    const classOf = (group: ClusterGroup): FindingClass => {
      const wanted = group.members.length > 1 ? "multiple_hot_spots" : "hot_spot";
      // A thermal layer on a job that is not a solar inspection (a roof, a building) takes "other".
      return classFitsKind(wanted, kind) ? wanted : "other";
    };

    return await db.transaction(async (tx) => {
      await tx.delete(findings).where(and(eq(findings.layerId, layerId), eq(findings.status, "candidate")));
      const decided = await tx
        .select({ lat: findings.lat, lon: findings.lon })
        .from(findings)
        .where(and(eq(findings.layerId, layerId), ne(findings.status, "candidate")));
      const fresh = placed.filter((group) => !decided.some((finding) => metresBetween(finding, group) <= GROUP_METRES));
      if (fresh.length > 0) {
        const proposed = fresh.map((group) => ({
          jobId: layer.jobId,
          layerId,
          class: classOf(group),
          severity: severityForDeltaT(group.lead.deltaT, settings.thresholds),
          status: "candidate" as const,
          lat: group.lat,
          lon: group.lon,
          maxTemp: group.lead.maxTemp,
          refTemp: group.lead.refTemp,
          deltaT: group.lead.deltaT,
          locator: "",
          note: candidateNote(group, layer, settings.minDeltaT),
        }));
        const written = await tx
          .insert(findings)
          .values(await placeInLayout(tx, layer.jobId, proposed))
          .returning({ id: findings.id });
        await tx.insert(findingEvents).values(
          written.map((row) => ({
            findingId: row.id,
            byUserId: detection.requestedBy,
            fromStatus: null,
            toStatus: "candidate" as const,
            note: "Proposed by hot-spot detection",
          })),
        );
      }
      await tx.update(findingDetections).set({ status: "done", candidates: fresh.length, error: null }).where(eq(findingDetections.layerId, layerId));
      return fresh.length;
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Records why the layer's detection failed for good. */
export async function failDetection(db: Database, layerId: number, error: string): Promise<void> {
  await db.update(findingDetections).set({ status: "failed", error }).where(eq(findingDetections.layerId, layerId));
}

/** Shows the detection queued again until its next attempt. */
export async function requeueDetection(db: Database, layerId: number): Promise<void> {
  await db
    .update(findingDetections)
    .set({ status: "queued" })
    .where(and(eq(findingDetections.layerId, layerId), eq(findingDetections.status, "running")));
}
