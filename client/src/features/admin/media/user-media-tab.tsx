import { UserRound } from "lucide-react";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { useAdminUsers, userLabel } from "../api/get-admin-users";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { ADMIN_MEDIA_LIMIT, useAdminMediaPage } from "./api/get-admin-media";
import { ListPager, ListSearch, usePagedSearch } from "../paged-list";
import { DELIVERABLE_SEARCH_HINT } from "./deliverable-search";
import { MediaAdminList } from "./media-admin-list";
import { EmptyState, LoadingState } from "@/components/ui/panel-states";
import { RefreshingPanelHeader } from "./panel-header";

/** User Media tab: pick a user, see the media uploaded for them, 25 to a page, searched on the server. */
export default function UserMediaTab() {
  const users = useAdminUsers();
  useLoadErrorToast(users, "Failed to load users");
  const [userId, setUserId] = useState("");
  const chosen = userId ? Number(userId) : undefined;
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const media = useAdminMediaPage({ page, q, userId: chosen }, chosen !== undefined);
  const found = media.data;

  return (
    <section aria-labelledby="user-media-heading">
      <RefreshingPanelHeader
        id="user-media-heading"
        title="Media by user"
        refreshing={chosen === undefined || media.isFetching}
        onRefresh={() => void media.refetch()}
      />
      <div className="mb-6 max-w-sm">
        <FormField id="user-media-user" label="User">
          <NativeSelect
            id="user-media-user"
            value={userId}
            disabled={users.isPending}
            onChange={(event) => {
              setUserId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{users.isPending ? "Loading users…" : "Select a user"}</option>
            {(users.data ?? []).map((user) => (
              <option key={user.id} value={String(user.id)}>
                {userLabel(user)}
                {user.role === "admin" ? " — admin" : ""}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {chosen === undefined ? null : (
        <ListSearch id="user-media-search" label="Search this user's media" placeholder={DELIVERABLE_SEARCH_HINT} value={search} onChange={setSearch} />
      )}
      {chosen === undefined ? (
        <EmptyState icon={<UserRound />}>Select a user to see their media.</EmptyState>
      ) : media.isPending ? (
        <LoadingState label="Loading this user's media…" />
      ) : found?.items.length ? (
        <div aria-busy={media.isPlaceholderData}>
          <MediaAdminList items={found.items} />
          <ListPager
            label="This user's media pages"
            page={page}
            pageSize={ADMIN_MEDIA_LIMIT}
            total={found.total}
            noun={["media file", "media files"]}
            onPage={setPage}
          />
        </div>
      ) : (
        <EmptyState icon={<UserRound />}>{q ? `None of this user's media match "${q}".` : "No media for this user yet."}</EmptyState>
      )}
    </section>
  );
}
