import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { AddMapLayerDialogProps } from "./add-map-layer-dialog";
import { AddMapLayerTrigger } from "./add-map-layer-trigger";

/** "Add map layer": the button, and its form and resumable uploader (add-map-layer-dialog.tsx) loaded when it is first pressed, so the job page stays within its first-screen budget (e2e/budget.spec.ts). */
export const AddMapLayerButton = dialogOnDemand<AddMapLayerDialogProps>(
  () => import("./add-map-layer-dialog").then((module) => module.AddMapLayerDialog),
  () => <AddMapLayerTrigger />,
);
