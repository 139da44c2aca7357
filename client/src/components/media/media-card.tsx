import type { ReactNode } from "react";
import type { MediaItem } from "@common/contract/media";
import { formatDate, MEDIA_KIND_LABELS, mediaKind } from "@/lib/format";
import { Badge, Card } from "@/components/ui/card";
import { DownloadLink } from "@/components/ui/download-link";
import { MediaPreview } from "./media-preview";

/** A customer's media file in a grid: its preview, title, kind, date and Download link; `meta` (the job it belongs to) after the date. */
export function MediaCard({ item, meta }: { item: MediaItem; meta?: ReactNode }) {
  return (
    <Card className="flex h-full flex-col gap-4 p-4">
      <MediaPreview item={item} />
      <div className="flex-1 space-y-1">
        <h3 className="font-semibold break-words">{item.title}</h3>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <Badge>{MEDIA_KIND_LABELS[mediaKind(item.fileType)]}</Badge>
          <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
          {meta}
        </div>
      </div>
      <DownloadLink fileUrl={item.fileUrl} title={item.title} className="self-start" />
    </Card>
  );
}
