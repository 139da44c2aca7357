import { Images } from "lucide-react";
import { useAdminMedia } from "./api/get-admin-media";
import { MediaAdminList } from "./media-admin-list";
import { EmptyState, LoadingState } from "@/components/ui/panel-states";
import { RefreshingPanelHeader } from "./panel-header";

/** Media tab: the latest 25 uploads of every customer; a failed or slow load reads as empty, without a toast (docs/product.md §8). */
export default function MediaTab() {
  const media = useAdminMedia();
  const items = media.data ?? [];
  return (
    <section aria-labelledby="admin-media-heading">
      <RefreshingPanelHeader id="admin-media-heading" title="All media" refreshing={media.isFetching} onRefresh={() => void media.refetch()} />
      {media.isPending ? (
        <LoadingState label="Loading media…" />
      ) : items.length ? (
        <MediaAdminList items={items} />
      ) : (
        <EmptyState icon={<Images />}>No media yet. Uploads from the Upload and Gallery tabs appear here.</EmptyState>
      )}
    </section>
  );
}
