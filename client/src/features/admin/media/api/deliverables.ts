import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeliverableEdit } from "@common/deliverables";
import { apiRequest, send } from "@/lib/api";

/** A report or a media item: the path segment of its admin calls. */
export type DeliverableKind = "reports" | "media";

/** After a rename or delete, every back-office list that shows deliverables reloads, and the public gallery with them. */
function useRefreshDeliverables() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ["/api/admin/reports", "/api/admin/media", "/api/admin/customers", "/api/admin/jobs", "/api/gallery"].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

/** PATCH /api/admin/{kind}/{id} { title, description }, answered as the rename form reads it (the row, or the server's message and errors per field). */
export function useRenameDeliverable(kind: DeliverableKind, id: number) {
  const refresh = useRefreshDeliverables();
  return useMutation({
    mutationFn: (edit: DeliverableEdit) => send<{ success: true; data: { title: string } }>("PATCH", `/api/admin/${kind}/${id}`, { body: edit }),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/{kind}/{id}: the row and its stored file; throws on failure. */
export function useDeleteDeliverable(kind: DeliverableKind, id: number) {
  const refresh = useRefreshDeliverables();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/admin/${kind}/${id}`),
    onSettled: refresh,
  });
}
