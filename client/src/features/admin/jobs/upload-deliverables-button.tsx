import { Upload } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { UploadDeliverablesDialogProps } from "./upload-deliverables-dialog";

export function UploadDeliverablesTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" {...props}>
      <Upload aria-hidden />
      Upload deliverables
    </Button>
  );
}

/** The job's own upload: the button, and its form and resumable uploader (upload-deliverables-dialog.tsx) loaded when it is first pressed, so the job page stays within its first-screen budget (e2e/budget.spec.ts). */
export const UploadDeliverablesButton = dialogOnDemand<UploadDeliverablesDialogProps>(
  () => import("./upload-deliverables-dialog").then((module) => module.UploadDeliverablesDialog),
  () => <UploadDeliverablesTrigger />,
);
