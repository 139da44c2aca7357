import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { InspectionConditionsDialogProps } from "./inspection-conditions-dialog";
import { InspectionConditionsTrigger } from "./inspection-conditions-trigger";

/** "Inspection conditions": the button, and its form (inspection-conditions-dialog.tsx) loaded when it is first pressed. */
export const InspectionConditionsButton = dialogOnDemand<InspectionConditionsDialogProps>(
  () => import("./inspection-conditions-dialog").then((module) => module.InspectionConditionsDialog),
  () => <InspectionConditionsTrigger />,
);
