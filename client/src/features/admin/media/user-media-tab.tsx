import { UserRound } from "lucide-react";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { useAdminUsers, userLabel } from "../api/get-admin-users";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { useAdminMedia } from "./api/get-admin-media";
import { MediaAdminList } from "./media-admin-list";
import { EmptyState, LoadingState } from "@/components/ui/panel-states";
import { RefreshingPanelHeader } from "./panel-header";

/** User Media tab: pick a user, see the media uploaded for them. */
export default function UserMediaTab() {
  const users = useAdminUsers();
  useLoadErrorToast(users, "Failed to load users");
  const [userId, setUserId] = useState("");
  const chosen = userId ? Number(userId) : undefined;
  const media = useAdminMedia(chosen, chosen !== undefined);
  const items = media.data ?? [];

  return (
    <section aria-labelledby="user-media-heading">
      <RefreshingPanelHeader id="user-media-heading" title="Media by user" refreshing={chosen === undefined || media.isFetching} onRefresh={() => void media.refetch()} />
      <div className="mb-6 max-w-sm">
        <FormField id="user-media-user" label="User">
          <NativeSelect id="user-media-user" value={userId} disabled={users.isPending} onChange={(event) => setUserId(event.target.value)}>
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
      {chosen === undefined ? (
        <EmptyState icon={<UserRound />}>Select a user to see their media.</EmptyState>
      ) : media.isPending ? (
        <LoadingState label="Loading this user's media…" />
      ) : items.length ? (
        <MediaAdminList items={items} />
      ) : (
        <EmptyState icon={<UserRound />}>No media for this user yet.</EmptyState>
      )}
    </section>
  );
}
