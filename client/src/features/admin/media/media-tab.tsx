import { Images } from "lucide-react";
import { ADMIN_MEDIA_LIMIT, useAdminMediaPage } from "./api/get-admin-media";
import { ListPager, ListSearch, usePagedSearch } from "../paged-list";
import { DELIVERABLE_SEARCH_HINT } from "./deliverable-search";
import { MediaAdminList } from "./media-admin-list";
import { EmptyState, LoadingState } from "@/components/ui/panel-states";
import { RefreshingPanelHeader } from "./panel-header";

/**
 * Media tab: every customer's uploads, 25 to a page, newest first, searched on the server by title,
 * description or owner; a failed or slow load reads as empty, without a toast (docs/product.md §8).
 */
export default function MediaTab() {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const media = useAdminMediaPage({ page, q });
  const found = media.data;
  return (
    <section aria-labelledby="admin-media-heading">
      <RefreshingPanelHeader id="admin-media-heading" title="All media" refreshing={media.isFetching} onRefresh={() => void media.refetch()} />
      <ListSearch id="admin-media-search" label="Search media" placeholder={DELIVERABLE_SEARCH_HINT} value={search} onChange={setSearch} />
      {media.isPending ? (
        <LoadingState label="Loading media…" />
      ) : found?.items.length ? (
        <div aria-busy={media.isPlaceholderData}>
          <MediaAdminList items={found.items} />
          <ListPager label="Media pages" page={page} pageSize={ADMIN_MEDIA_LIMIT} total={found.total} noun={["media file", "media files"]} onPage={setPage} />
        </div>
      ) : (
        <EmptyState icon={<Images />}>{q ? `No media match "${q}".` : "No media yet. Uploads from the Upload and Gallery tabs appear here."}</EmptyState>
      )}
    </section>
  );
}
