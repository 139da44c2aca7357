import { and, asc, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { mapLayerSchema } from "@common/contract/map-layers";
import type { Database } from "../db/client";
import { jobs, mapLayers } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob, flies, isPublishedState } from "../jobs/read-jobs";

type LayerRow = typeof mapLayers.$inferSelect;
type JobRow = typeof jobs.$inferSelect;

/** Files are never public by path: each is served by the layer's id with the same check as its list. */
const layerCogUrl = (id: number): string => `/api/map-layers/${id}/cog`;
const layerOriginalUrl = (id: number): string => `/api/map-layers/${id}/original`;

export const LAYER_NOT_FOUND = "Map layer not found";

/**
 * The job's newest processed layer of a kind, whose COG the server reads (a finding's crops, the
 * report's imagery): its id, title and COG's key; none when the job has no such layer ready.
 */
export async function newestReadyLayer(db: Pick<Database, "select">, jobId: number, kind: LayerRow["kind"]) {
  const [layer] = await db
    .select({ id: mapLayers.id, title: mapLayers.title, cogKey: mapLayers.cogKey })
    .from(mapLayers)
    .where(and(eq(mapLayers.jobId, jobId), eq(mapLayers.kind, kind), eq(mapLayers.status, "ready")))
    .orderBy(desc(mapLayers.createdAt), desc(mapLayers.id))
    .limit(1);
  return layer;
}

/**
 * The only shape in which a layer row leaves the server: field by field, so the storage keys (and
 * any column added later) never leak by spreading the row.
 */
export function publicLayer(row: LayerRow): z.output<typeof mapLayerSchema> {
  return {
    id: row.id,
    jobId: row.jobId,
    kind: row.kind,
    title: row.title,
    status: row.status,
    progress: row.progress,
    error: row.error,
    bands: row.bands,
    capturedAt: row.capturedAt,
    bounds: row.bounds,
    resolution: row.resolutionCm,
    stats: row.stats,
    // A COG key may exist mid-processing (a partial file); only a ready layer's is worth reading.
    cogUrl: row.status === "ready" && row.cogKey !== null ? layerCogUrl(row.id) : null,
    originalUrl: layerOriginalUrl(row.id),
    originalName: row.originalName,
    originalSize: row.originalSize,
    createdAt: row.createdAt,
  };
}

/**
 * Admins and the job's pilot see every layer as it is made (queued, processing, failed); the
 * customer sees ready ones, once the job is delivered, as with every deliverable of the job.
 */
const seesEveryLayer = (actor: Actor, job: Pick<JobRow, "pilotId">): boolean => actor.role === "admin" || flies(actor, job);

const customerSees = (actor: Actor, job: Pick<JobRow, "userId" | "status">, layer: Pick<LayerRow, "status">): boolean =>
  job.userId === actor.id && isPublishedState(job.status) && layer.status === "ready";

/** GET /api/jobs/:id/layers: the job's layers the actor may see, oldest first; 404 when the job is not theirs to see. */
export async function listLayers(db: Database, actor: Actor, jobId: number): Promise<LayerRow[]> {
  const job = await findVisibleJob(db, actor, jobId);
  const everyLayer = seesEveryLayer(actor, job);
  if (!everyLayer && !isPublishedState(job.status)) return [];
  return db
    .select()
    .from(mapLayers)
    .where(and(eq(mapLayers.jobId, jobId), everyLayer ? undefined : eq(mapLayers.status, "ready")))
    .orderBy(asc(mapLayers.createdAt), asc(mapLayers.id));
}

/** The layer, if the actor may read it and its files; otherwise not found (whether it exists is not theirs to know). */
export async function findReadableLayer(db: Database, actor: Actor, id: number): Promise<LayerRow> {
  const [found] = await db
    .select({ layer: mapLayers, job: { userId: jobs.userId, pilotId: jobs.pilotId, status: jobs.status } })
    .from(mapLayers)
    .innerJoin(jobs, eq(jobs.id, mapLayers.jobId))
    .where(eq(mapLayers.id, id));
  if (!found || !(seesEveryLayer(actor, found.job) || customerSees(actor, found.job, found.layer))) throw new DomainError("not-found", LAYER_NOT_FOUND);
  return found.layer;
}
