import { type ComponentProps, useState } from "react";
import { IMAGE_WIDTHS, imageCopyUrl, type ImageWidth, imageSrcSet } from "@common/uploads";
import type { GalleryItem } from "@common/contract/media";

type GalleryImageProps = Omit<ComponentProps<"img">, "src" | "srcSet"> & {
  item: GalleryItem;
  /** Which of the image's WebP copies the browser may choose between, for `sizes`. */
  widths: readonly ImageWidth[];
};

/**
 * An image of the gallery from its WebP copies, so a phone fetches what its screen shows rather
 * than the original. If no copy can be made of this image, it falls back to the original file.
 */
export function GalleryImage({ item, widths, ...props }: GalleryImageProps) {
  const [copiesFailed, setCopiesFailed] = useState(false);
  if (!item.thumbnailUrl || copiesFailed) return <img {...props} src={item.fileUrl} />;
  const largest = widths[widths.length - 1] ?? IMAGE_WIDTHS[0];
  return (
    <img {...props} src={imageCopyUrl(item.thumbnailUrl, largest)} srcSet={imageSrcSet(item.thumbnailUrl, widths)} onError={() => setCopiesFailed(true)} />
  );
}
