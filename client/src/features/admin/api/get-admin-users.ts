import { useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@common/auth";
import { type ListResponse, selectData } from "@/lib/list-response";

export const ADMIN_USERS_QUERY_KEY = ["/api/admin/users"] as const;

/** GET /api/admin/users: every account, admins included. */
export function useAdminUsers() {
  return useQuery<ListResponse<PublicUser>, Error, PublicUser[]>({ queryKey: ADMIN_USERS_QUERY_KEY, select: selectData });
}
