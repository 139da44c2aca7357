import { File, ImageOff } from "lucide-react";
import { useState } from "react";
import { posterOf, VideoDuration } from "@/components/media/video-player";
import { mediaKind } from "@/lib/format";

const frame = "flex aspect-video w-full items-center justify-center overflow-hidden rounded-md border bg-background/60";

interface ThumbnailProps {
  fileType: string;
  fileUrl: string;
  thumbnailUrl: string | null;
  posterUrl: string | null;
  durationSeconds: number | null;
  title: string;
}

/** The image itself, a video's poster with its length, or an icon for another file; a broken image shows a placeholder. */
export function MediaThumbnail({ fileType, fileUrl, thumbnailUrl, posterUrl, durationSeconds, title }: ThumbnailProps) {
  const [broken, setBroken] = useState(false);
  const kind = mediaKind(fileType);
  if (kind === "video") {
    return (
      <div className={`${frame} relative`}>
        <img
          src={posterOf(broken ? null : posterUrl)}
          alt={`Video: ${title}`}
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
        <VideoDuration seconds={durationSeconds} />
      </div>
    );
  }
  if (kind === "image" && !broken) {
    return (
      <div className={frame}>
        <img
          src={thumbnailUrl ?? fileUrl}
          alt={title}
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
      </div>
    );
  }
  const Icon = kind === "image" ? ImageOff : File;
  const label = kind === "image" ? `${title} (image unavailable)` : `File: ${title}`;
  return (
    <div className={frame} role="img" aria-label={label}>
      <Icon aria-hidden className="size-10 text-primary" />
    </div>
  );
}
