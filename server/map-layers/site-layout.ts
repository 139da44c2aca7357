import { and, desc, eq, isNotNull } from "drizzle-orm";
import { jobMessages } from "@common/job-status";
import {
  type Bbox,
  bboxOf,
  kmOutside,
  LAYOUT_MAX_DISTANCE_KM,
  type LayoutFeature,
  LayoutError,
  type SiteLayout,
  siteLayoutMessages,
} from "@common/site-layout";
import type { Database } from "../db/client";
import { jobs, mapLayers, siteLayouts } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob, flies, isPublishedState } from "../jobs/read-jobs";
import { readLayoutFile } from "./read-layout-file";
import { assertOpen } from "./write-layers";

type JobRow = typeof jobs.$inferSelect;

/** The job's site as a box: its boundary, else its site's point, else the extent of its layers; null when none is known yet. */
async function siteBox(db: Pick<Database, "select">, job: Pick<JobRow, "id" | "siteBoundary" | "siteLatitude" | "siteLongitude">): Promise<Bbox | null> {
  if (job.siteBoundary) return bboxOf([{ geometry: job.siteBoundary }]);
  if (job.siteLatitude !== null && job.siteLongitude !== null) return [job.siteLongitude, job.siteLatitude, job.siteLongitude, job.siteLatitude];
  const layers = await db
    .select({ bounds: mapLayers.bounds })
    .from(mapLayers)
    .where(and(eq(mapLayers.jobId, job.id), isNotNull(mapLayers.bounds)));
  const boxes = layers.flatMap((layer) => (layer.bounds ? [layer.bounds] : []));
  if (boxes.length === 0) return null;
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

const overlaps = (a: Bbox, b: Bbox): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * The layout a job's findings are placed in: the one imported onto it, else the newest its customer
 * had imported onto another job whose layout overlaps this job's site (the same site, flown again).
 */
export async function layoutOfJob(db: Pick<Database, "select">, jobId: number): Promise<{ name: string; features: LayoutFeature[] } | null> {
  const [job] = await db
    .select({ id: jobs.id, userId: jobs.userId, siteBoundary: jobs.siteBoundary, siteLatitude: jobs.siteLatitude, siteLongitude: jobs.siteLongitude })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) return null;
  const rows = await db
    .select({ jobId: siteLayouts.jobId, name: siteLayouts.name, features: siteLayouts.features, bbox: siteLayouts.bbox })
    .from(siteLayouts)
    .where(eq(siteLayouts.userId, job.userId))
    .orderBy(desc(siteLayouts.createdAt), desc(siteLayouts.id));
  const own = rows.find((row) => row.jobId === jobId);
  if (own) return own;
  const box = await siteBox(db, job);
  return (box && rows.find((row) => overlaps(row.bbox, box))) || null;
}

/**
 * POST /api/admin/jobs/:id/site-layout: the file read and checked whole, then stored in place of
 * the job's previous one. Refused, nothing stored: a file that is neither GeoJSON nor KML, one
 * without polygons, one lying more than LAYOUT_MAX_DISTANCE_KM outside the job's site.
 */
export async function importLayout(db: Database, actor: Actor, jobId: number, file: { name: string; bytes: Buffer }): Promise<SiteLayout> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  assertOpen(job);
  let features: LayoutFeature[];
  try {
    features = readLayoutFile(file.bytes);
  } catch (error) {
    if (error instanceof LayoutError) throw new DomainError("invalid", error.message, { file: error.message });
    throw error;
  }
  const bbox = bboxOf(features);
  const site = await siteBox(db, job);
  const km = site ? kmOutside(bbox, site) : 0;
  if (km > LAYOUT_MAX_DISTANCE_KM) throw new DomainError("invalid", siteLayoutMessages.tooFar(km), { file: siteLayoutMessages.tooFar(km) });
  const values = { jobId, userId: job.userId, name: file.name.slice(0, 200), features, bbox, uploadedBy: actor.id, createdAt: new Date() };
  await db.insert(siteLayouts).values(values).onConflictDoUpdate({ target: siteLayouts.jobId, set: values });
  return { type: "FeatureCollection", name: values.name, features };
}

/**
 * GET /api/jobs/:id/site-layout, read as the job's layers are: its admins and pilot at any time,
 * its customer once the job is delivered (before that, an empty layout); anyone else not found.
 */
export async function readLayout(db: Database, actor: Actor, jobId: number): Promise<SiteLayout> {
  const job = await findVisibleJob(db, actor, jobId);
  const empty: SiteLayout = { type: "FeatureCollection", name: "", features: [] };
  if (!(actor.role === "admin" || flies(actor, job) || isPublishedState(job.status))) return empty;
  const layout = await layoutOfJob(db, jobId);
  return layout ? { type: "FeatureCollection", name: layout.name, features: layout.features } : empty;
}

/** DELETE /api/admin/jobs/:id/site-layout: the layout imported onto this job; findings keep the locators they took. */
export async function deleteLayout(db: Database, jobId: number): Promise<void> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw new DomainError("not-found", jobMessages.notFound);
  const removed = await db.delete(siteLayouts).where(eq(siteLayouts.jobId, jobId)).returning({ id: siteLayouts.id });
  if (removed.length === 0) throw new DomainError("not-found", siteLayoutMessages.notFound);
}
