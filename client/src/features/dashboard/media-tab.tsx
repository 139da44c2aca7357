import { Images, RefreshCw } from "lucide-react";
import { MediaCard } from "@/components/media/media-card";
import { Button } from "@/components/ui/button";
import { useMedia } from "./api/get-media";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { JobTag } from "./job-tag";

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
          {(item) => <MediaCard item={item} meta={<JobTag jobId={item.jobId} />} />}
        </CardList>
      )}
    </ListPanel>
  );
}
