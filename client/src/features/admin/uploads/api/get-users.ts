import { useQuery } from "@tanstack/react-query";

/** One row of GET /api/admin/users. */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: "customer" | "admin";
}

export const ADMIN_USERS_QUERY_KEY = ["/api/admin/users"] as const;

/** Loaded by the default query function: the key is the URL. */
export function useAdminUsers() {
  return useQuery<{ data: AdminUserRow[] }, Error, AdminUserRow[]>({ queryKey: ADMIN_USERS_QUERY_KEY, select: (response) => response.data });
}

/** "Ada Lovelace (ada)", or the username alone. */
export function userLabel(user: AdminUserRow): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name ? `${name} (${user.username})` : user.username;
}
