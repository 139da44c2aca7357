import { Pencil } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { RenameDialogProps } from "./rename-dialog";

/** Rename, named after the item for screen readers (a list holds several). */
export function RenameTrigger({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button type="button" variant="outline" size="sm" aria-label={`Rename ${title}`} {...props}>
      <Pencil aria-hidden />
      Rename
    </Button>
  );
}

/** "Rename": the button, and its form (rename-dialog.tsx) loaded when it is first pressed (issue 20). */
export const RenameButton = dialogOnDemand<RenameDialogProps>(
  () => import("./rename-dialog").then((module) => module.RenameDialog),
  ({ item }) => <RenameTrigger title={item.title} />,
);
