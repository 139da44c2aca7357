import { ChevronLeft, ChevronRight, File, Play } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import type { SharedMedia } from "@common/contract/share-links";
import { posterOf, VideoDuration, VideoPlayer } from "@/components/media/video-player";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DownloadLink } from "@/components/ui/download-link";
import { mediaKind, withQueryParam } from "@/lib/format";

/** One item as the lightbox shows it: the photo large, a video that plays and seeks (the server answers Range), or its name. */
function LargeView({ item }: { item: SharedMedia }) {
  const kind = mediaKind(item.fileType);
  if (kind === "video") {
    return <VideoPlayer key={item.id} src={item.fileUrl} posterUrl={item.posterUrl} title={item.title} className="max-h-[70dvh] w-full" />;
  }
  if (kind === "image")
    return (
      <img
        key={item.id}
        src={item.thumbnailUrl ? withQueryParam(item.thumbnailUrl, "w", 1600) : item.fileUrl}
        alt={item.title}
        className="h-auto max-h-[70dvh] w-full object-contain"
      />
    );
  return (
    <div className="flex aspect-video w-full items-center justify-center">
      <File aria-hidden className="size-12 text-muted-foreground" />
    </div>
  );
}

function Lightbox({ items, index, onIndexChange }: { items: SharedMedia[]; index: number | null; onIndexChange: (index: number | null) => void }) {
  const item = index === null ? undefined : items[index];
  const count = items.length;
  const go = (step: number) => index !== null && onIndexChange((index + step + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The video's own controls use the arrow keys to seek.
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      go(event.key === "ArrowLeft" ? -1 : 1);
    }
  };
  return (
    <Dialog open={item !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      {item ? (
        <DialogContent className="max-w-5xl gap-4" onKeyDown={onKeyDown}>
          <DialogHeader>
            <DialogTitle>{item.title}</DialogTitle>
            <DialogDescription>
              {item.description || "Aerial media"}
              <span className="sr-only">
                {" "}
                — item {(index ?? 0) + 1} of {count}. Use the left and right arrow keys to move between items.
              </span>
            </DialogDescription>
          </DialogHeader>
          <div className="flex items-center justify-center overflow-hidden rounded-md border bg-black">
            <LargeView item={item} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {count > 1 ? (
              <Button type="button" variant="outline" size="sm" onClick={() => go(-1)}>
                <ChevronLeft aria-hidden />
                Previous
              </Button>
            ) : null}
            {item.downloadUrl ? <DownloadLink fileUrl={item.fileUrl} title={item.title} /> : null}
            {count > 1 ? (
              <Button type="button" variant="outline" size="sm" onClick={() => go(1)}>
                Next
                <ChevronRight aria-hidden />
              </Button>
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The shared photos and videos as a grid; each opens in the lightbox. */
export function SharedGallery({ items }: { items: SharedMedia[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!items.length) return <p className="text-muted-foreground">No photos or videos are shared.</p>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id} className="space-y-2">
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="group relative block aspect-video w-full overflow-hidden rounded-md border bg-background/60"
            >
              <span className="sr-only">{`Open ${item.title}`}</span>
              {mediaKind(item.fileType) === "video" ? (
                <>
                  <img
                    src={posterOf(item.posterUrl)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover transition-transform group-hover:scale-105"
                  />
                  {item.posterUrl ? (
                    <span className="absolute inset-0 flex items-center justify-center">
                      <Play aria-hidden className="size-10 rounded-full bg-black/60 p-2 text-primary" />
                    </span>
                  ) : null}
                  <VideoDuration seconds={item.durationSeconds} />
                </>
              ) : item.thumbnailUrl ? (
                <img
                  src={item.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition-transform group-hover:scale-105"
                />
              ) : (
                <span className="flex size-full items-center justify-center">
                  <File aria-hidden className="size-10 text-muted-foreground" />
                </span>
              )}
            </button>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold break-words">{item.title}</p>
              {item.downloadUrl ? <DownloadLink fileUrl={item.fileUrl} title={item.title} /> : null}
            </div>
          </li>
        ))}
      </ul>
      <Lightbox items={items} index={open} onIndexChange={setOpen} />
    </>
  );
}
