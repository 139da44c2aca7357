import { and, asc, eq } from "drizzle-orm";
import type { ShareItems } from "@common/contract/share-links";
import { customerSeesFinding } from "@common/finding-status";
import { shareApiUrl, shareLinkMessages } from "@common/share-links";
import type { Database } from "../db/client";
import { mapLayers, media, reports, type shareLinks } from "../db/schema";
import { DomainError } from "../domain-errors";
import { findingFiles, type JobFile, layerFile, mediaFile, reportFile } from "../deliverables/job-files";
import { findingsCsv } from "../findings/export-findings";
import { customerFindings, type FindingRow, type ImageAddresses, type PublicFinding, shapeFindings } from "../findings/read-findings";
import { isPublishedState, published } from "../jobs/read-jobs";

type JobRow = { id: number; status: Parameters<typeof isPublishedState>[0] };
export type ShareLinkRow = typeof shareLinks.$inferSelect;

export interface Deliverables {
  reports: (typeof reports.$inferSelect)[];
  media: (typeof media.$inferSelect)[];
  layers: (typeof mapLayers.$inferSelect)[];
  /** null when the link does not share findings. */
  findings: FindingRow[] | null;
}

/**
 * What a link may ever show: what the job's customer sees of it (docs/product.md §10), its
 * reports and media once delivered and its ready map layers; oldest first, as the job's ZIP.
 * Held deliverables are never shared, whoever made the link.
 */
async function jobDeliverables(db: Database, job: JobRow): Promise<Omit<Deliverables, "findings">> {
  const [jobReports, jobMedia, layers] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(and(eq(reports.jobId, job.id), published(reports)))
      .orderBy(asc(reports.createdAt), asc(reports.id)),
    db
      .select()
      .from(media)
      .where(and(eq(media.jobId, job.id), published(media)))
      .orderBy(asc(media.createdAt), asc(media.id)),
    isPublishedState(job.status)
      ? db
          .select()
          .from(mapLayers)
          .where(and(eq(mapLayers.jobId, job.id), eq(mapLayers.status, "ready")))
          .orderBy(asc(mapLayers.createdAt), asc(mapLayers.id))
      : Promise.resolve([]),
  ]);
  return { reports: jobReports, media: jobMedia, layers };
}

/** The chosen items, each one the job delivers; the first that is not is named (404). */
export async function checkShareItems(db: Database, job: JobRow, items: ShareItems): Promise<void> {
  const all = await jobDeliverables(db, job);
  const lists = [
    { kind: "report", chosen: items.reports, rows: all.reports },
    { kind: "media", chosen: items.media, rows: all.media },
    { kind: "layer", chosen: items.layers, rows: all.layers },
  ];
  for (const { kind, chosen, rows } of lists) {
    const missing = chosen.find((id) => !rows.some((row) => row.id === id));
    if (missing !== undefined) throw new DomainError("not-found", shareLinkMessages.itemNotInJob(kind, missing));
  }
}

/**
 * What this link shows now: all the job delivers, or the chosen items that are still delivered. A
 * link of everything shares the findings too; a chosen set when it says so. Either way only those the
 * job's customer sees, once the job is delivered (the one rule, common/finding-status.ts).
 */
export async function sharedDeliverables(db: Database, link: ShareLinkRow, job: JobRow): Promise<Deliverables> {
  const all = await jobDeliverables(db, job);
  const { items } = link;
  const withFindings = items === null || items.findings === true;
  const findings = withFindings ? (isPublishedState(job.status) ? await customerFindings(db, job.id) : []) : null;
  if (!items) return { ...all, findings };
  const only = <Row extends { id: number }>(rows: Row[], ids: number[]) => rows.filter((row) => ids.includes(row.id));
  return { reports: only(all.reports, items.reports), media: only(all.media, items.media), layers: only(all.layers, items.layers), findings };
}

/** A shared finding's crop at the link's own address (GET /api/share/:token/findings/:findingId/images/:cropId). */
const sharedCropUrl = (token: string, findingId: number, cropId: number) => `${shareApiUrl(token)}/findings/${findingId}/images/${cropId}`;

/** Where the link's recipient reads a finding's images: its crops at the link's address, a photo only where the link shares it too. */
function linkImageAddresses(token: string, shared: Deliverables): ImageAddresses {
  const media = new Set(shared.media.map((row) => row.id));
  return {
    crop: (finding, cropId) => sharedCropUrl(token, finding.id, cropId),
    photo: (mediaId) => (media.has(mediaId) ? `${shareApiUrl(token)}/media/${mediaId}` : null),
  };
}

/**
 * The shared findings as the recipient reads them, their images at the link's addresses: only those
 * the job's customer sees (the one rule, common/finding-status.ts); null when the link does not share findings.
 */
export async function shapeSharedFindings(db: Database, token: string, shared: Deliverables): Promise<PublicFinding[] | null> {
  if (shared.findings === null) return null;
  return shapeFindings(
    db,
    shared.findings.filter((row) => customerSeesFinding(row.status)),
    linkImageAddresses(token, shared),
  );
}

/**
 * The shared files as the ZIP holds them, in the job ZIP's order, then the findings' CSV and their
 * crops when they are shared and there are any (the export's columns; its image links are the link's
 * own, starting with `origin`, so they open without an account).
 */
export async function sharedFiles(db: Database, token: string, shared: Deliverables, origin: string): Promise<JobFile[]> {
  const findings = (shared.findings ?? []).filter((row) => customerSeesFinding(row.status));
  return [
    ...shared.reports.map(reportFile),
    ...shared.media.map(mediaFile),
    ...shared.layers.map(layerFile),
    ...(await findingFiles(db, findings, async () => findingsCsv((await shapeSharedFindings(db, token, shared)) ?? [], origin))),
  ];
}

/** One shared row by id, or not found: a file the link does not share is not there for its holder. */
export function sharedRow<Row extends { id: number }>(rows: Row[], id: number): Row {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw new DomainError("not-found", "File not found");
  return row;
}
