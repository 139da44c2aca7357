import { Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { DeleteDeliverableDialogProps } from "./delete-deliverable-dialog";
import { DESTRUCTIVE_OUTLINE } from "./destructive-style";

/** Delete, named after the item for screen readers (a list holds several). */
export function DeleteDeliverableTrigger({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button type="button" variant="outline" size="sm" className={DESTRUCTIVE_OUTLINE} aria-label={`Delete ${title}`} {...props}>
      <Trash2 aria-hidden />
      Delete
    </Button>
  );
}

/** A report's or media item's Delete, and its confirmation (delete-deliverable-dialog.tsx) loaded when it is first pressed (issue 20). */
export const DeleteDeliverableButton = dialogOnDemand<DeleteDeliverableDialogProps>(
  () => import("./delete-deliverable-dialog").then((module) => module.DeleteDeliverableDialog),
  ({ item }) => <DeleteDeliverableTrigger title={item.title} />,
);
