import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { DeleteDeliverableDialogProps } from "./delete-deliverable-dialog";
import { DeleteDeliverableTrigger } from "./delete-deliverable-trigger";

/** A report's or media item's Delete, and its confirmation (delete-deliverable-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const DeleteDeliverableButton = dialogOnDemand<DeleteDeliverableDialogProps>(
  () => import("./delete-deliverable-dialog").then((module) => module.DeleteDeliverableDialog),
  ({ item }) => <DeleteDeliverableTrigger title={item.title} />,
);
