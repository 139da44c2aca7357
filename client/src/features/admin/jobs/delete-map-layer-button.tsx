import { Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import { DESTRUCTIVE_OUTLINE } from "../media/destructive-style";
import type { DeleteMapLayerDialogProps } from "./delete-map-layer-dialog";

/** A layer's delete on the admin's map: an icon, named after the layer. */
export function DeleteMapLayerTrigger({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button type="button" size="icon" variant="outline" className={`size-8 ${DESTRUCTIVE_OUTLINE}`} aria-label={`Delete layer ${title}`} {...props}>
      <Trash2 aria-hidden />
    </Button>
  );
}

/** A layer's delete, and its confirmation (delete-map-layer-dialog.tsx) loaded when it is first pressed (issue 20). */
export const DeleteMapLayerButton = dialogOnDemand<DeleteMapLayerDialogProps>(
  () => import("./delete-map-layer-dialog").then((module) => module.DeleteMapLayerDialog),
  ({ layer }) => <DeleteMapLayerTrigger title={layer.title} />,
);
