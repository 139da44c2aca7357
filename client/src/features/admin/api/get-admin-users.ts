import type { PublicUser } from "@common/contract/users";
import { userKeys } from "@/api/customers";
import { useListQuery } from "@/lib/list-query";

/** GET /api/admin/users: every account, admins included. */
export function useAdminUsers() {
  return useListQuery<PublicUser>(userKeys.all);
}

/** "Ada Lovelace (ada)", or the username alone. */
export function userLabel(user: PublicUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name ? `${name} (${user.username})` : user.username;
}
