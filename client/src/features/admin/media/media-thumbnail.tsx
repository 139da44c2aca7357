import { File, ImageOff } from "lucide-react";
import { useState } from "react";
import type { AdminMediaItem } from "@common/contract/media";
import { posterOf, VideoDuration } from "@/components/media/video-player";
import { mediaKind } from "@/lib/format";

const frame = "flex aspect-video w-full items-center justify-center overflow-hidden rounded-md border bg-background/60";

interface ThumbnailProps {
  item: Pick<AdminMediaItem, "fileType" | "fileUrl" | "thumbnailUrl" | "posterUrl" | "durationSeconds" | "title">;
}

/** The image itself, a video's poster with its length, or an icon for another file; a broken image shows a placeholder. */
export function MediaThumbnail({ item: { fileType, fileUrl, thumbnailUrl, posterUrl, durationSeconds, title } }: ThumbnailProps) {
  const [broken, setBroken] = useState(false);
  const kind = mediaKind(fileType);
  // The image or poster at the frame's size, loaded when near; one that fails to load is marked broken.
  const picture = (src: string, alt: string) => (
    <img src={src} alt={alt} width={320} height={180} loading="lazy" decoding="async" onError={() => setBroken(true)} className="size-full object-cover" />
  );
  if (kind === "video") {
    return (
      <div className={`${frame} relative`}>
        {picture(posterOf(broken ? null : posterUrl), `Video: ${title}`)}
        <VideoDuration seconds={durationSeconds} />
      </div>
    );
  }
  if (kind === "image" && !broken) return <div className={frame}>{picture(thumbnailUrl ?? fileUrl, title)}</div>;
  const Icon = kind === "image" ? ImageOff : File;
  const label = kind === "image" ? `${title} (image unavailable)` : `File: ${title}`;
  return (
    <div className={frame} role="img" aria-label={label}>
      <Icon aria-hidden className="size-10 text-primary" />
    </div>
  );
}
