import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { RenameDialogProps } from "./rename-dialog";
import { RenameTrigger } from "./rename-trigger";

/** "Rename": the button, and its form (rename-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const RenameButton = dialogOnDemand<RenameDialogProps>(
  () => import("./rename-dialog").then((module) => module.RenameDialog),
  ({ item }) => <RenameTrigger title={item.title} />,
);
