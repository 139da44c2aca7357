import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import {
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  SITE_IMAGE_MAX_BYTES,
  SITE_IMAGE_MAX_PIXELS,
  SITE_IMAGE_MIN_WIDTH,
  siteImageMessages,
  siteImageWidths,
} from "@common/site-images";
import type { Database } from "../db/client";
import { SITE_IMAGE_FORMATS, siteImages } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { Storage } from "../storage/storage";

// An uploaded picture for the public pages made into the copies the pages serve
// (docs/decisions/0065-page-images.md): checked by its content, turned upright, its metadata (a
// phone's GPS position, the camera's serial) left behind, and written as WebP widths, one JPEG and
// the Open Graph crop. Either all of it is stored with its row, or nothing is.

type SiteImageFormat = (typeof SITE_IMAGE_FORMATS)[number];
const isAccepted = (format: string | undefined): format is SiteImageFormat => SITE_IMAGE_FORMATS.some((accepted) => accepted === format);

/** The background a picture's transparent parts are laid on where the copy cannot be transparent (JPEG): the dark theme's, as the social card's. */
const FLAT_BACKGROUND = "#05070d";

const refused = (message: string) => new DomainError("invalid", message, { file: message });

/** Where a picture's copies are stored: its token names them all. */
export const siteImageKeys = {
  webp: (token: string, width: number) => `site-images/${token}-${width}.webp`,
  jpeg: (token: string) => `site-images/${token}.jpg`,
  og: (token: string) => `site-images/${token}-og.jpg`,
};

export type StoredSiteImage = Omit<typeof siteImages.$inferSelect, "storageKeys" | "uploadedBy">;

interface Checked {
  format: SiteImageFormat;
  /** Upright: a portrait photo stored sideways with an orientation tag has its sides swapped. */
  width: number;
  height: number;
}

/** The upload's format and upright size, read from its header; a refusal naming `file` when it is not a picture taken here. */
async function checkHeader(upload: Buffer): Promise<Checked> {
  if (upload.length > SITE_IMAGE_MAX_BYTES) throw new DomainError("too-large", siteImageMessages.tooLarge, { file: siteImageMessages.tooLarge });
  // Loaded with the first picture, not at start (docs/decisions/0029-embedded-database-code-memory.md).
  const { default: sharp } = await import("sharp");
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw refused(siteImageMessages.notImage);
  }
  // An SVG is refused too: it may carry script, and the pages' <img> sizes come from pixels.
  if (!isAccepted(metadata.format) || !metadata.width || !metadata.height) throw refused(siteImageMessages.notImage);
  const sideways = (metadata.orientation ?? 1) >= 5;
  const width = sideways ? metadata.height : metadata.width;
  const height = sideways ? metadata.width : metadata.height;
  if (width * height > SITE_IMAGE_MAX_PIXELS) throw refused(siteImageMessages.tooManyPixels(width, height));
  if (width < SITE_IMAGE_MIN_WIDTH) throw refused(siteImageMessages.tooNarrow(width));
  return { format: metadata.format, width, height };
}

/**
 * The copies of the picture, each decoded from the whole file (a file damaged or cut short after its
 * header fails here) and turned upright. sharp writes no metadata unless asked (withMetadata), so
 * none of the original's EXIF, XMP or IPTC reaches a copy.
 */
async function makeCopies(upload: Buffer, token: string, width: number): Promise<{ key: string; bytes: Buffer }[]> {
  const { default: sharp } = await import("sharp");
  const source = () => sharp(upload, { failOn: "truncated", limitInputPixels: SITE_IMAGE_MAX_PIXELS }).rotate();
  const widths = siteImageWidths(width);
  const widest = widths.at(-1)!;
  try {
    // One after another: each decode holds the whole picture in memory (docs/decisions/0054-small-server-heap.md).
    const copies: { key: string; bytes: Buffer }[] = [];
    for (const copyWidth of widths) {
      copies.push({ key: siteImageKeys.webp(token, copyWidth), bytes: await source().resize({ width: copyWidth }).webp({ quality: 80 }).toBuffer() });
    }
    copies.push({
      key: siteImageKeys.jpeg(token),
      bytes: await source().resize({ width: widest }).flatten({ background: FLAT_BACKGROUND }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    });
    copies.push({
      key: siteImageKeys.og(token),
      bytes: await source()
        .resize({ width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, fit: "cover", position: "attention" })
        .flatten({ background: FLAT_BACKGROUND })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer(),
    });
    return copies;
  } catch (error) {
    throw new DomainError("invalid", siteImageMessages.unreadable, { file: siteImageMessages.unreadable }, { cause: error });
  }
}

/** Deletes what was written of a picture that could not be kept; a key already gone is no failure. */
async function removeAll(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

/**
 * POST /api/admin/site-images' work: checks the upload, writes its copies, then its row. A failure
 * at any step (a refused file, a storage or database fault) removes the copies already written, so a
 * failed upload leaves no row and no file.
 */
export async function storeSiteImage(
  db: Database,
  storage: Storage,
  upload: { content: Buffer; fileName: string },
  uploadedBy: number,
): Promise<StoredSiteImage> {
  const checked = await checkHeader(upload.content);
  const token = randomBytes(16).toString("hex");
  const copies = await makeCopies(upload.content, token, checked.width);
  const written: string[] = [];
  try {
    for (const copy of copies) {
      written.push(copy.key);
      await storage.put(copy.key, Readable.from([copy.bytes]));
    }
    const [row] = await db
      .insert(siteImages)
      .values({
        token,
        storageKeys: written,
        format: checked.format,
        width: checked.width,
        height: checked.height,
        bytes: upload.content.length,
        fileName: upload.fileName,
        uploadedBy,
      })
      .returning({
        id: siteImages.id,
        token: siteImages.token,
        format: siteImages.format,
        width: siteImages.width,
        height: siteImages.height,
        bytes: siteImages.bytes,
        fileName: siteImages.fileName,
        uploadedAt: siteImages.uploadedAt,
      });
    return row!;
  } catch (error) {
    await removeAll(storage, written);
    throw error;
  }
}

/** Deletes a picture's copies once its row is gone. */
export const deleteSiteImageFiles = (storage: Storage, keys: readonly string[]) => removeAll(storage, keys);
