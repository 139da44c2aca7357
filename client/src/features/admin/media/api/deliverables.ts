import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeliverableEdit } from "@common/deliverables";
import { customerKeys } from "@/api/customers";
import { adminJobKeys } from "@/api/jobs";
import { adminMediaKeys, galleryKeys } from "@/api/media";
import { adminReportKeys } from "@/api/reports";
import { apiRequest, send } from "@/lib/api";

/** A report or a media item: the path segment of its admin calls. */
export type DeliverableKind = "reports" | "media";

/** After a rename or delete, every back-office list that shows deliverables reloads, and the public gallery with them. */
function useRefreshDeliverables() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [adminReportKeys.all, adminMediaKeys.all, customerKeys.all, adminJobKeys.all, galleryKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
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
