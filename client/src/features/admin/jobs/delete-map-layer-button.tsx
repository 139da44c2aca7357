import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { DeleteMapLayerDialogProps } from "./delete-map-layer-dialog";
import { DeleteMapLayerTrigger } from "./delete-map-layer-trigger";

/** A layer's delete, and its confirmation (delete-map-layer-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const DeleteMapLayerButton = dialogOnDemand<DeleteMapLayerDialogProps>(
  () => import("./delete-map-layer-dialog").then((module) => module.DeleteMapLayerDialog),
  ({ layer }) => <DeleteMapLayerTrigger title={layer.title} />,
);
