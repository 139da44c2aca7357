import { useState } from "react";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { toast } from "@/lib/use-toast";
import { type DeliverableKind, useDeleteDeliverable } from "./api/deliverables";
import { ConfirmDialog, SINGLE_DELETE_MESSAGE } from "./confirm-dialog";
import { DeleteDeliverableTrigger } from "./delete-deliverable-trigger";

/** What each kind's confirmation and toasts say; the media one is SPEC's, word for word (docs/product.md §8). */
const WORDS = {
  media: { question: SINGLE_DELETE_MESSAGE, done: "Media deleted", failed: "Failed to delete media file" },
  reports: {
    question: "Are you sure you want to delete this report? This action cannot be undone.",
    done: "Report deleted",
    failed: "Failed to delete report",
  },
} as const;

export interface DeleteDeliverableDialogProps {
  kind: DeliverableKind;
  item: { id: number; title: string };
}

/**
 * Delete, after a confirmation naming the item: the row and its file go, and the customer no longer
 * sees it. delete-deliverable-button.tsx loads it when Delete is first pressed.
 */
export function DeleteDeliverableDialog({ kind, item, openAtOnce = false }: DeleteDeliverableDialogProps & OpensAtOnce) {
  const remove = useDeleteDeliverable(kind, item.id);
  const [open, setOpen] = useState(openAtOnce);
  const words = WORDS[kind];

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: words.done, description: `"${item.title}" was deleted`, variant: "success" });
      setOpen(false);
    } catch {
      toast({ title: "Error", description: words.failed, variant: "destructive" });
    }
  };

  return (
    <ConfirmDialog
      trigger={<DeleteDeliverableTrigger title={item.title} />}
      open={open}
      onOpenChange={(next) => {
        if (!remove.isPending) setOpen(next);
      }}
      title={`Delete "${item.title}"?`}
      description={words.question}
      confirmLabel={remove.isPending ? "Deleting…" : "Delete"}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
