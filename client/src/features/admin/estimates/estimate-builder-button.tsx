import { Send } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { EstimateBuilderProps } from "./estimate-builder-dialog";

/** Send or Revise estimate, completed for screen readers by `srLabel` where several sit side by side. */
export function EstimateBuilderTrigger({ label, srLabel, ...props }: ButtonProps & Pick<EstimateBuilderProps, "label" | "srLabel">) {
  return (
    <Button type="button" size="sm" {...props}>
      <Send aria-hidden />
      {label}
      {srLabel ? <span className="sr-only">{srLabel}</span> : null}
    </Button>
  );
}

/** The estimate builder's button, and the builder (estimate-builder-dialog.tsx) loaded when it is first pressed (issue 20). */
export const EstimateBuilderButton = dialogOnDemand<EstimateBuilderProps>(
  () => import("./estimate-builder-dialog").then((module) => module.EstimateBuilderDialog),
  ({ label, srLabel, disabled }) => <EstimateBuilderTrigger label={label} srLabel={srLabel} disabled={disabled} />,
);
