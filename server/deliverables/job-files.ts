import type { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { FINDINGS_CSV_REF, type JobFileRef, jobDownloadMessages } from "@common/job-download";
import type { Database } from "../db/client";
import { type findingCrops, type jobs, type mapLayers, media, reports } from "../db/schema";
import { DomainError } from "../domain-errors";
import { findingsCsv } from "../findings/export-findings";
import { findingCropRows, type FindingRow, listFindings, shapeFindings } from "../findings/read-findings";
import { listLayers } from "../map-layers/read-layers";
import { downloadName } from "../media/send-file";
import { listDocuments } from "../jobs/documents";
import { type Actor, findVisibleJob, flies, published } from "../jobs/read-jobs";
import type { ArchiveKind } from "./zip-entry-names";

/** One stored file of a job as the ZIP holds it: under its kind's folder, named for people. */
export interface JobFile {
  kind: ArchiveKind;
  id: JobFileRef["id"];
  /** The name in the archive, before it is made unique there (zip-entry-names.ts). */
  name: string;
  /** What the job's pages call it (a report's title, a document's file name), for choosing it. */
  title: string;
  key: string;
  size: number;
  date: Date;
  /** A file made as it is sent (the findings' CSV) instead of read from storage under `key`. */
  open?: () => Promise<Readable>;
}

export type JobRow = typeof jobs.$inferSelect;

/** A report, media item or map layer's original as the archive names it: each kind's rule once, for the job's ZIP and a share link's. */
export const reportFile = (row: typeof reports.$inferSelect): JobFile => ({
  kind: "report",
  id: row.id,
  name: downloadName(row.title, row.contentType),
  title: row.title,
  key: row.storageKey,
  size: row.size,
  date: row.createdAt,
});
export const mediaFile = (row: typeof media.$inferSelect): JobFile => ({
  kind: "media",
  id: row.id,
  name: downloadName(row.title, row.fileType),
  title: row.title,
  key: row.storageKey,
  size: row.size,
  date: row.createdAt,
});
export const layerFile = (row: typeof mapLayers.$inferSelect): JobFile => ({
  kind: "layer",
  id: row.id,
  name: row.originalName,
  title: row.title,
  key: row.originalKey,
  size: row.originalSize,
  date: row.createdAt,
});

/**
 * A finding's crop as the archive names it, `findings/finding-<id>-thermal.png` (or `-visual.jpg`):
 * the file the finding's images show. Its size is not kept, and no listing shows it.
 */
const cropFile = (crop: typeof findingCrops.$inferSelect & { storageKey: string }): JobFile => ({
  kind: "finding-image",
  id: crop.id,
  name: downloadName(`finding-${crop.findingId}-${crop.kind}`, crop.contentType),
  title: `Finding ${crop.findingId} (${crop.kind})`,
  key: crop.storageKey,
  size: 0,
  date: crop.createdAt,
});

/**
 * The findings' CSV (the findings export's columns, its image links made by `csv`) and then the crops
 * that could be made of them, for a ZIP: nothing when there are no findings.
 */
export async function findingFiles(db: Database, rows: readonly FindingRow[], csv: () => Promise<Readable>): Promise<JobFile[]> {
  if (rows.length === 0) return [];
  const crops = await findingCropRows(
    db,
    rows.map((row) => row.id),
  );
  return [
    {
      ...FINDINGS_CSV_REF,
      name: "findings.csv",
      title: "Findings (CSV)",
      key: "",
      size: 0,
      date: new Date(Math.max(...rows.map((row) => row.updatedAt.getTime()))),
      open: csv,
    },
    ...crops.flatMap(({ crop }) => (crop.storageKey === null ? [] : [cropFile({ ...crop, storageKey: crop.storageKey })])),
  ];
}

/**
 * Every file of the job the actor may open one by one, in archive order (reports, media, map
 * layers' originals, documents; oldest first in each), then the findings' CSV and their crops when
 * the actor may see findings and there are any (GET /api/jobs/:id/findings.csv's rule and columns; its
 * image links start with `origin`): the customer gets the deliverables once the job is delivered, as on the job's
 * page, and the documents; its pilot and the admins everything.
 */
export async function listJobFiles(db: Database, actor: Actor, jobId: number, origin: string): Promise<{ job: JobRow; files: JobFile[] }> {
  const job = await findVisibleJob(db, actor, jobId);
  const seesHeld = actor.role === "admin" || flies(actor, job);
  const [jobReports, jobMedia, layers, documents, jobFindings] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(and(eq(reports.jobId, jobId), seesHeld ? undefined : published(reports)))
      .orderBy(asc(reports.createdAt), asc(reports.id)),
    db
      .select()
      .from(media)
      .where(and(eq(media.jobId, jobId), seesHeld ? undefined : published(media)))
      .orderBy(asc(media.createdAt), asc(media.id)),
    listLayers(db, actor, jobId),
    listDocuments(db, actor, jobId),
    listFindings(db, actor, jobId),
  ]);
  const files: JobFile[] = [
    ...jobReports.map(reportFile),
    ...jobMedia.map(mediaFile),
    // A failed layer's files were deleted with its failure (docs/decisions/0027-map-layers.md); its row stays for the admins to read.
    ...layers.filter((row) => row.status !== "failed").map(layerFile),
    // Listed newest first for the page; the archive keeps the order they were sent in.
    ...documents.reverse().map((row) => ({
      kind: "document" as const,
      id: row.id,
      name: row.originalName,
      title: row.title || row.originalName,
      key: row.storageKey,
      size: row.size,
      date: row.createdAt,
    })),
  ];
  // Shaped (images, history) only when the archive reaches the CSV, not while the request is checked.
  files.push(...(await findingFiles(db, jobFindings, async () => findingsCsv(await shapeFindings(db, jobFindings), origin))));
  return { job, files };
}

/** The files given, in archive order (the findings' crops with their CSV); one that is not the job's (or not the actor's to see) is not found, by name. */
export function selectJobFiles(files: JobFile[], refs: readonly JobFileRef[]): JobFile[] {
  const wanted = new Set(refs.map((ref) => `${ref.kind}:${ref.id}`));
  const picked = (file: JobFile) => (file.kind === "finding-image" ? `${FINDINGS_CSV_REF.kind}:${FINDINGS_CSV_REF.id}` : `${file.kind}:${file.id}`);
  const chosen = files.filter((file) => wanted.has(picked(file)));
  if (new Set(chosen.map(picked)).size < wanted.size) {
    const missing = refs.find((ref) => !files.some((file) => file.kind === ref.kind && file.id === ref.id));
    if (missing) throw new DomainError("not-found", jobDownloadMessages.notInJob(missing));
  }
  return chosen;
}
