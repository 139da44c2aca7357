import { Pencil } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { JobDetailsDialogProps } from "./job-details-dialog";

export function JobDetailsTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <Pencil aria-hidden />
      Edit details
    </Button>
  );
}

/** "Edit details": the button, and its form (job-details-dialog.tsx) loaded when it is first pressed (issue 20). */
export const JobDetailsButton = dialogOnDemand<JobDetailsDialogProps>(
  () => import("./job-details-dialog").then((module) => module.JobDetailsDialog),
  () => <JobDetailsTrigger />,
);
