import { File, ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { MediaItem } from "@common/contract/media";
import { mediaKind, withQueryParam } from "@/lib/format";
import { VideoDuration, VideoPlayer } from "./video-player";

/** docs/product.md §9: a failed image is retried up to 3 times, 1 second apart, then a placeholder shows. */
const IMAGE_RETRY_LIMIT = 3;
const IMAGE_RETRY_DELAY_MS = 1000;

/** The address of retry n: the same file with a cache-busting query. */
export function retrySrc(src: string, attempt: number): string {
  return attempt === 0 ? src : withQueryParam(src, "retry", attempt);
}

const frame = "flex aspect-video w-full items-center justify-center overflow-hidden rounded-md border bg-background/60";

function RetryingImage({ src, alt }: { src: string; alt: string }) {
  const [attempt, setAttempt] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (gaveUp) {
    return (
      <div className={frame} role="img" aria-label={`${alt} (image unavailable)`}>
        <ImageOff aria-hidden className="size-10 text-muted-foreground" />
      </div>
    );
  }
  const onError = () => {
    if (attempt >= IMAGE_RETRY_LIMIT) setGaveUp(true);
    else timer.current = setTimeout(() => setAttempt(attempt + 1), IMAGE_RETRY_DELAY_MS);
  };
  return (
    <div className={frame}>
      <img src={retrySrc(src, attempt)} alt={alt} loading="lazy" decoding="async" onError={onError} className="size-full object-cover" />
    </div>
  );
}

/** A video player with its poster and length, a retrying image, or a generic file icon, by the file's type. */
export function MediaPreview({ item }: { item: MediaItem }) {
  switch (mediaKind(item.fileType)) {
    case "video":
      return (
        <div className={`${frame} relative`}>
          <VideoPlayer src={item.fileUrl} posterUrl={item.posterUrl} title={item.title} className="size-full bg-black object-contain" />
          <VideoDuration seconds={item.durationSeconds} />
        </div>
      );
    case "image":
      return <RetryingImage key={item.thumbnailUrl ?? item.fileUrl} src={item.thumbnailUrl ?? item.fileUrl} alt={item.title} />;
    default:
      return (
        <div className={frame}>
          <File aria-hidden className="size-10 text-muted-foreground" />
        </div>
      );
  }
}
