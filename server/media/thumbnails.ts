import { pipeline } from "node:stream";
import { IMAGE_WIDTHS, type ImageWidth } from "@common/uploads";
import type { Storage } from "../storage/storage";

/** The 480 px copy keeps the key it had before there were other widths. */
export const thumbnailKey = (id: number, width: ImageWidth = IMAGE_WIDTHS[0]): string =>
  width === IMAGE_WIDTHS[0] ? `thumbnails/${id}.webp` : `thumbnails/${id}-${width}.webp`;
/** Every copy an image may have, for deleting it. */
export const thumbnailKeys = (id: number): string[] => IMAGE_WIDTHS.map((width) => thumbnailKey(id, width));

/** Writes a WebP of the stored image at `width` (never wider than the original) under `key`. */
export async function makeThumbnail(storage: Storage, sourceKey: string, key: string, width: ImageWidth): Promise<void> {
  // Loaded on the first image, not at start: libvips is about 8 MB of an idle server
  // (docs/decisions/0029-embedded-database-code-memory.md).
  const { default: sharp } = await import("sharp");
  const resize = sharp({ failOn: "none" }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 75 });
  // pipeline, not pipe: an original that fails midway (a dropped bucket connection) must fail
  // the put through the resizer, not leave it waiting for bytes forever.
  await storage.put(
    key,
    pipeline(await storage.read(sourceKey), resize, () => undefined),
  );
}
