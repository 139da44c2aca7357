import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { UploadDeliverablesDialogProps } from "./upload-deliverables-dialog";
import { UploadDeliverablesTrigger } from "./upload-deliverables-trigger";

/** The job's own upload: the button, and its form and resumable uploader (upload-deliverables-dialog.tsx) loaded when it is first pressed, so the job page stays within its first-screen budget (e2e/budget.spec.ts). */
export const UploadDeliverablesButton = dialogOnDemand<UploadDeliverablesDialogProps>(
  () => import("./upload-deliverables-dialog").then((module) => module.UploadDeliverablesDialog),
  () => <UploadDeliverablesTrigger />,
);
