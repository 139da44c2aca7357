import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { JobDetailsDialogProps } from "./job-details-dialog";
import { JobDetailsTrigger } from "./job-details-trigger";

/** "Edit details": the button, and its form (job-details-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const JobDetailsButton = dialogOnDemand<JobDetailsDialogProps>(
  () => import("./job-details-dialog").then((module) => module.JobDetailsDialog),
  () => <JobDetailsTrigger />,
);
