import { createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { media } from "../db/schema";
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

/** The images the findings show, by media id (as a JSON object's keys are: strings). */
export type ImageSources = Record<string, ImageSource>;

/**
 * Copies each image the findings show from storage into the work folder once, however many findings
 * show it, so that drawing the report needs neither the database nor the storage (it runs in a
 * process of its own, server/node-task-entry.ts). A medium that is not an image (a video), or
 * that cannot be read (gone from storage), is left out rather than failing the report.
 */
export async function gatherImageSources(
  db: Database,
  storage: Storage,
  workDir: string,
  jobId: number,
  findings: readonly Pick<PublicFinding, "mediaIds">[],
): Promise<ImageSources> {
  const wanted = new Set(findings.flatMap((finding) => finding.mediaIds));
  if (wanted.size === 0) return {};
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.jobId, [jobId]));
  const sources: ImageSources = {};
  for (const row of rows) {
    if (!wanted.has(row.id) || !row.fileType.startsWith("image/")) continue;
    const file = path.join(workDir, `source-${row.id}`);
    try {
      await pipeline(await storage.read(row.storageKey), createWriteStream(file));
      sources[String(row.id)] = { title: row.title, path: file };
    } catch {
      // Gone from storage: the finding is printed without it.
    }
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
    const source = sources[String(id)];
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

  return async (finding: Pick<PublicFinding, "mediaIds">): Promise<ReportImage[]> => {
    const images = await Promise.all(
      finding.mediaIds.map((id) => {
        let image = converted.get(id);
        if (!image) converted.set(id, (image = convert(id)));
        return image;
      }),
    );
    return images.filter((image): image is ReportImage => image !== null);
  };
}
