import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { JobActionDialogProps } from "./job-action-dialog";
import { JobActionTrigger } from "./job-action-trigger";

/** A job action's button, and its form (job-action-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const JobActionButton = dialogOnDemand<JobActionDialogProps>(
  () => import("./job-action-dialog").then((module) => module.JobActionDialog),
  ({ action }) => <JobActionTrigger action={action} />,
);
