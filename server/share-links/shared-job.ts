import type { z } from "zod";
import type { mapLayerSchema } from "@common/contract/map-layers";
import type { sharedJobSchema } from "@common/contract/share-links";
import { FINDING_CLASS_LABELS } from "@common/findings";
import { shareApiUrl } from "@common/share-links";
import type { PublicFinding } from "../findings/read-findings";
import { publicLayer } from "../map-layers/read-layers";
import { posterUrl, thumbnailUrl } from "../media/file-urls";
import type { findLink } from "./open-links";
import type { Deliverables } from "./shared-deliverables";
import { packetLinks } from "./shared-packet";
import type { PacketCopy } from "../operator-records/compliance-packet";

type Found = Awaited<ReturnType<typeof findLink>>;
type SharedFindingOut = NonNullable<UnlockedJob["findings"]>[number];

/** A shared finding, field by field (no history; its images at the link's addresses, as shapeSharedFindings made them). */
const sharedFinding = (row: PublicFinding): SharedFindingOut => ({
  id: row.id,
  class: row.class,
  title: FINDING_CLASS_LABELS[row.class],
  severity: row.severity,
  status: row.status as SharedFindingOut["status"],
  locator: row.locator,
  lat: row.lat,
  lon: row.lon,
  polygon: row.polygon,
  maxTemp: row.maxTemp,
  deltaT: row.deltaT,
  indexValue: row.indexValue,
  powerLoss: row.powerLoss,
  note: row.note,
  images: row.images,
  createdAt: row.createdAt,
});
type UnlockedJob = Extract<z.output<typeof sharedJobSchema>, { locked: false }>;

/** A shared layer, its files at the link's addresses: the COG draws the map (viewing), the original is a download. */
function sharedLayer(api: string, row: Deliverables["layers"][number]): z.output<typeof mapLayerSchema> {
  const layer = publicLayer(row);
  return { ...layer, cogUrl: layer.cogUrl === null ? null : `${api}/layers/${row.id}/cog`, originalUrl: `${api}/layers/${row.id}/original` };
}

/**
 * The recipient's page of an unlocked link: the job's title and site, and what the link shares,
 * each file at the link's own address (never the customer's), with download addresses only where
 * the link allows downloads.
 */
export function sharedJob(
  token: string,
  { link, job }: Found,
  deliverables: Deliverables,
  findings: PublicFinding[] | null,
  packet: readonly PacketCopy[] | null,
): UnlockedJob {
  const api = shareApiUrl(token);
  const downloads = link.allowDownload;
  const siteMap = link.items === null || link.items.siteMap;
  return {
    locked: false as const,
    expiresAt: link.expiresAt,
    allowDownload: downloads,
    title: job.title,
    siteName: job.siteName,
    siteBoundary: siteMap ? job.siteBoundary : null,
    showMap: siteMap || deliverables.layers.length > 0,
    reports: deliverables.reports.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      createdAt: row.createdAt,
      contentType: row.contentType,
      fileUrl: `${api}/reports/${row.id}`,
      downloadUrl: downloads ? `${api}/reports/${row.id}?download=1` : null,
    })),
    media: deliverables.media.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      createdAt: row.createdAt,
      fileType: row.fileType,
      fileUrl: `${api}/media/${row.id}`,
      thumbnailUrl: thumbnailUrl(row) ? `${api}/media/${row.id}/thumbnail` : null,
      posterUrl: posterUrl(row) ? `${api}/media/${row.id}/poster` : null,
      durationSeconds: row.durationSeconds,
      downloadUrl: downloads ? `${api}/media/${row.id}?download=1` : null,
    })),
    layers: deliverables.layers.map((row) => sharedLayer(api, row)),
    findings: findings && findings.map(sharedFinding),
    compliancePacket: packetLinks(token, packet),
    zipUrl: downloads ? `${api}/download.zip` : null,
  };
}
