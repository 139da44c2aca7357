import genericPoster from "@/assets/video-poster.svg";
import { formatDuration } from "@/lib/format";
import { cn } from "@/lib/utils";

/** What a poster shows: the frame the server took at upload, or the site's own play-symbol poster where none was made (no ffmpeg, an unreadable file). */
export const posterOf = (posterUrl: string | null): string => posterUrl ?? genericPoster;

/** A video that plays and seeks (the server answers Range requests), showing its poster until it plays. */
export function VideoPlayer({ src, posterUrl, title, className }: { src: string; posterUrl: string | null; title: string; className?: string }) {
  return <video controls preload="metadata" src={src} poster={posterOf(posterUrl)} aria-label={title} className={className} />;
}

/** A video's length over its thumbnail's top right corner (the player's controls are at the bottom); nothing when unknown. */
export function VideoDuration({ seconds, className }: { seconds: number | null; className?: string }) {
  if (seconds === null) return null;
  return (
    <span
      className={cn(
        "low:pointer-events-none low:absolute low:top-2 low:right-2 low:rounded low:bg-black/75 low:px-1.5 low:py-0.5 low:font-mono low:text-xs low:text-white low:tabular-nums",
        className,
      )}
    >
      <span className="sr-only">Duration </span>
      <time dateTime={`PT${Math.round(seconds)}S`}>{formatDuration(seconds)}</time>
    </span>
  );
}
