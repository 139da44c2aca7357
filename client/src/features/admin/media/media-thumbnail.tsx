import { File, ImageOff, Video } from "lucide-react";
import { useState } from "react";
import { mediaKind } from "@/lib/format";

const frame = "flex aspect-video w-full items-center justify-center overflow-hidden rounded-md border bg-background/60";

/** The image itself, or an icon for a video or other file; a broken image shows a placeholder. */
export function MediaThumbnail({ fileType, fileUrl, thumbnailUrl, title }: { fileType: string; fileUrl: string; thumbnailUrl: string | null; title: string }) {
  const [broken, setBroken] = useState(false);
  const kind = mediaKind(fileType);
  if (kind === "image" && !broken) {
    return (
      <div className={frame}>
        <img src={thumbnailUrl ?? fileUrl} alt={title} width={320} height={180} loading="lazy" decoding="async" onError={() => setBroken(true)} className="size-full object-cover" />
      </div>
    );
  }
  const Icon = kind === "video" ? Video : kind === "image" ? ImageOff : File;
  const label = kind === "video" ? `Video: ${title}` : kind === "image" ? `${title} (image unavailable)` : `File: ${title}`;
  return (
    <div className={frame} role="img" aria-label={label}>
      <Icon aria-hidden className="size-10 text-primary" />
    </div>
  );
}
