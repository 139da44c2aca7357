import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { SiteBoundaryDialogProps } from "./boundary-dialog";
import { BoundaryTrigger, boundaryLabel } from "./boundary-trigger";

/** The button, and its dialog (the map editor, the form) loaded when it is first pressed. */
export const SiteBoundaryDialog = dialogOnDemand<SiteBoundaryDialogProps>(
  () => import("./boundary-dialog").then((module) => module.SiteBoundaryDialog),
  ({ job }) => <BoundaryTrigger label={boundaryLabel(job)} />,
);
