import type { PublicUser } from "@common/contract/users";
import { useListQuery } from "@/lib/list-query";

const ADMIN_USERS_QUERY_KEY = ["/api/admin/users"] as const;

/** GET /api/admin/users: every account, admins included. */
export function useAdminUsers() {
  return useListQuery<PublicUser>(ADMIN_USERS_QUERY_KEY);
}

/** "Ada Lovelace (ada)", or the username alone. */
export function userLabel(user: PublicUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name ? `${name} (${user.username})` : user.username;
}
