import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@common/roles";
import type { PublicUser } from "@common/contract/users";
import { customerKeys, userKeys } from "@/api/customers";
import { send } from "@/lib/api";

type RoleChanged = { success: true; message: string; data: PublicUser };

/**
 * PATCH /api/admin/users/{id} { role }, answered as the form reads it (the account, or the server's
 * message and errors.role). The Customers list, the account's page and the back office's user
 * pickers (pilots among the staff) reload after either.
 */
export function useChangeRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => send<RoleChanged>("PATCH", `/api/admin/users/${id}`, { body: { role } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: customerKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.all })]),
  });
}
