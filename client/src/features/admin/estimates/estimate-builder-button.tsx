import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { EstimateBuilderProps } from "./estimate-builder-dialog";
import { EstimateBuilderTrigger } from "./estimate-builder-trigger";

/** The estimate builder's button, and the builder (estimate-builder-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const EstimateBuilderButton = dialogOnDemand<EstimateBuilderProps>(
  () => import("./estimate-builder-dialog").then((module) => module.EstimateBuilderDialog),
  ({ label, srLabel, disabled }) => <EstimateBuilderTrigger label={label} srLabel={srLabel} disabled={disabled} />,
);
