import { createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { findingCrops, mapLayers, media } from "../db/schema";
import { cropTitle } from "../findings/read-findings";
import type { PublicFinding } from "../findings/read-findings";
import type { Storage } from "../storage/storage";
import type { ReportImage } from "./report-pdf";

/** Wide enough for half a page at 150 dpi; a phone or thermal camera's photo is shrunk to it. */
const IMAGE_WIDTH = 900;

/** An image a finding shows, copied out of storage into the report's work folder: the report's process reads it there. */
interface ImageSource {
  title: string;
  path: string;
}

/**
 * The images the findings show: the job's media by id (as a JSON object's keys are: strings), and
 * each finding's crops of the job's layers by finding id, already small PNGs and JPEGs drawn as kept.
 */
export interface ImageSources {
  media: Record<string, ImageSource>;
  crops: Record<string, ReportImage[]>;
}

/**
 * Copies each image the findings show from storage into the work folder once, however many findings
 * show it, so that drawing the report needs neither the database nor the storage (it runs in a
 * process of its own, server/node-task-entry.ts): the photos attached and the crops made of the
 * job's layers (docs/decisions/0073-finding-crops.md). A medium that is not an image (a video), or
 * that cannot be read (gone from storage), is left out rather than failing the report.
 */
export async function gatherImageSources(
  db: Database,
  storage: Storage,
  workDir: string,
  jobId: number,
  findings: readonly Pick<PublicFinding, "id" | "mediaIds">[],
): Promise<ImageSources> {
  const sources: ImageSources = { media: {}, crops: {} };
  const copy = async (key: string, file: string): Promise<boolean> => {
    try {
      await pipeline(await storage.read(key), createWriteStream(file));
      return true;
    } catch {
      // Gone from storage: the finding is printed without it.
      return false;
    }
  };
  const wanted = new Set(findings.flatMap((finding) => finding.mediaIds));
  const rows = wanted.size
    ? await db
        .select()
        .from(media)
        .where(inArray(media.jobId, [jobId]))
    : [];
  for (const row of rows) {
    if (!wanted.has(row.id) || !row.fileType.startsWith("image/")) continue;
    const file = path.join(workDir, `source-${row.id}`);
    if (await copy(row.storageKey, file)) sources.media[String(row.id)] = { title: row.title, path: file };
  }
  const crops = findings.length
    ? await db
        .select({ crop: findingCrops, layerTitle: mapLayers.title })
        .from(findingCrops)
        .innerJoin(mapLayers, eq(mapLayers.id, findingCrops.layerId))
        .where(
          and(
            inArray(
              findingCrops.findingId,
              findings.map((finding) => finding.id),
            ),
            isNotNull(findingCrops.storageKey),
          ),
        )
        // Thermal before visual, as the finding's detail shows them.
        .orderBy(asc(findingCrops.kind), asc(findingCrops.id))
    : [];
  for (const { crop, layerTitle } of crops) {
    const file = path.join(workDir, `crop-${crop.id}.${crop.contentType === "image/png" ? "png" : "jpg"}`);
    if (!(await copy(crop.storageKey!, file))) continue;
    (sources.crops[String(crop.findingId)] ??= []).push({ title: cropTitle(crop.kind, layerTitle), path: file, width: crop.width, height: crop.height });
  }
  return sources;
}

/**
 * A finding's images for the report: each source converted once to a JPEG at most IMAGE_WIDTH wide
 * in the work folder (sharp; a PNG, WebP or TIFF as well as a JPEG), then drawn from there however
 * many findings show it. An image that cannot be decoded (corrupt) is left out.
 */
export function convertedImages(sources: ImageSources, workDir: string) {
  const converted = new Map<number, Promise<ReportImage | null>>();

  const convert = async (id: number): Promise<ReportImage | null> => {
    const source = sources.media[String(id)];
    if (!source) return null;
    const { default: sharp } = await import("sharp");
    const file = path.join(workDir, `image-${id}.jpg`);
    try {
      await sharp(source.path, { failOn: "none" })
        .rotate()
        .resize({ width: IMAGE_WIDTH, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80 })
        .toFile(file);
      const { width = 1, height = 1 } = await sharp(file).metadata();
      return { title: source.title, path: file, width, height };
    } catch {
      return null;
    }
  };

  return async (finding: Pick<PublicFinding, "id" | "mediaIds">): Promise<ReportImage[]> => {
    const crops = sources.crops[String(finding.id)] ?? [];
    const images = await Promise.all(
      finding.mediaIds.map((id) => {
        let image = converted.get(id);
        if (!image) converted.set(id, (image = convert(id)));
        return image;
      }),
    );
    return [...crops, ...images.filter((image): image is ReportImage => image !== null)];
  };
}
