import { CloudSun } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { InspectionConditionsDialogProps } from "./inspection-conditions-dialog";

export function InspectionConditionsTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <CloudSun aria-hidden />
      Inspection conditions
    </Button>
  );
}

/** "Inspection conditions": the button, and its form (inspection-conditions-dialog.tsx) loaded when it is first pressed. */
export const InspectionConditionsButton = dialogOnDemand<InspectionConditionsDialogProps>(
  () => import("./inspection-conditions-dialog").then((module) => module.InspectionConditionsDialog),
  () => <InspectionConditionsTrigger />,
);
