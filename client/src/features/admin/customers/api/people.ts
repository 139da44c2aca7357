import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitationRow } from "@common/contract/invitations";
import type { Account } from "@common/contract/users";
import type { ListResponse } from "@common/contract/wire";
import { customerKeys, invitationKeys, userKeys } from "@/api/customers";
import { send } from "@/lib/api";

/** GET /api/admin/invitations: every invitation, newest first, never its link. */
export function useInvitations() {
  return useQuery<ListResponse<InvitationRow>, Error, InvitationRow[]>({ queryKey: invitationKeys.all, select: (answer) => answer.data, staleTime: 0 });
}

function useReloadPeople() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
      queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
    ]);
}

/** POST /api/admin/invitations: the answer as the dialog reads it (the row, or the server's message and errors). */
export function useInvite() {
  const reload = useReloadPeople();
  return useMutation({
    mutationFn: (body: Record<string, string>) => send<{ success: true; data: InvitationRow }>("POST", "/api/admin/invitations", { body }),
    onSettled: reload,
  });
}

/** DELETE /api/admin/invitations/{id}: the link stops working. */
export function useRevokeInvitation() {
  const reload = useReloadPeople();
  return useMutation({
    mutationFn: (id: number) => send<{ success: true; data: InvitationRow }>("DELETE", `/api/admin/invitations/${id}`),
    onSettled: reload,
  });
}

type AccountChanged = { success: true; message: string; data: Account };

/** POST /api/admin/customers: a phone-in customer, invited by mail when `invite`. */
export function useAddCustomer() {
  const reload = useReloadPeople();
  return useMutation({
    mutationFn: (body: Record<string, string | boolean | number | null>) => send<AccountChanged>("POST", "/api/admin/customers", { body }),
    onSettled: reload,
  });
}

/** PATCH /api/admin/users/{id}: the profile, the notes, or whether the account may sign in. */
export function useChangeAccount(id: number) {
  const reload = useReloadPeople();
  return useMutation({
    mutationFn: (body: Record<string, string | boolean | number | null>) => send<AccountChanged>("PATCH", `/api/admin/users/${id}`, { body }),
    onSettled: reload,
  });
}
