import { Images, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { useMedia } from "./api/get-media";
import { DownloadLink } from "@/components/ui/download-link";
import { formatDate, MEDIA_KIND_LABELS, mediaKind } from "@/lib/format";
import { MediaPreview } from "./media-preview";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";

/** Media tab: photos, videos and other files captured for this customer. A failed load reads as empty (docs/product.md §8). */
export function MediaTab() {
  const media = useMedia();

  return (
    <ListPanel
      id="media-heading"
      title="Your media"
      query={media}
      loadingLabel="Loading your media…"
      empty={
        <EmptyState
          icon={<Images />}
          action={
            <Button type="button" variant="outline" disabled={media.isFetching} onClick={() => void media.refetch()}>
              <RefreshCw aria-hidden className={media.isFetching ? "animate-spin" : undefined} />
              Refresh
            </Button>
          }
        >
          No media yet. Photos and videos from your missions appear here once our team uploads them.
        </EmptyState>
      }
    >
      {(items) => (
        <CardList items={items} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {(item) => (
            <Card className="flex h-full flex-col gap-4 p-4">
              <MediaPreview item={item} />
              <div className="flex-1 space-y-1">
                <h3 className="font-semibold break-words">{item.title}</h3>
                <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                  <Badge>{MEDIA_KIND_LABELS[mediaKind(item.fileType)]}</Badge>
                  <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                </div>
              </div>
              <DownloadLink fileUrl={item.fileUrl} title={item.title} className="self-start" />
            </Card>
          )}
        </CardList>
      )}
    </ListPanel>
  );
}
