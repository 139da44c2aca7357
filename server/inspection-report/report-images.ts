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

/**
 * A finding's images for the report: each of the job's media converted once to a JPEG at most
 * IMAGE_WIDTH wide in the work folder (sharp; a PNG, WebP or TIFF as well as a JPEG), then drawn
 * from there however many findings show it. A file that is not an image (a video) is left out.
 */
export function reportImages(db: Database, storage: Storage, workDir: string) {
  const converted = new Map<number, Promise<ReportImage | null>>();
  let rows: Promise<Map<number, typeof media.$inferSelect>> | undefined;

  const convert = async (id: number, row: typeof media.$inferSelect | undefined): Promise<ReportImage | null> => {
    if (!row || !row.fileType.startsWith("image/")) return null;
    const { default: sharp } = await import("sharp");
    const file = path.join(workDir, `image-${id}.jpg`);
    try {
      const resize = sharp({ failOn: "none" }).rotate().resize({ width: IMAGE_WIDTH, withoutEnlargement: true }).flatten({ background: "#ffffff" }).jpeg({ quality: 80 });
      await pipeline(await storage.read(row.storageKey), resize, createWriteStream(file));
      const { width = 1, height = 1 } = await sharp(file).metadata();
      return { title: row.title, path: file, width, height };
    } catch {
      // An image that cannot be read (gone from storage, corrupt) is left out rather than failing the report.
      return null;
    }
  };

  return async (finding: PublicFinding): Promise<ReportImage[]> => {
    if (finding.mediaIds.length === 0) return [];
    rows ??= db
      .select()
      .from(media)
      .where(inArray(media.jobId, [finding.jobId]))
      .then((found) => new Map(found.map((row) => [row.id, row])));
    const known = await rows;
    const images = await Promise.all(
      finding.mediaIds.map((id) => {
        let image = converted.get(id);
        if (!image) converted.set(id, (image = convert(id, known.get(id))));
        return image;
      }),
    );
    return images.filter((image): image is ReportImage => image !== null);
  };
}
