import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { ShareDialogProps } from "./share-dialog";
import { ShareTrigger } from "./share-trigger";

/** The job page's "Share" button, and its dialog (the form, the links and their logs) loaded when it is first pressed. */
export const ShareJobDialog = dialogOnDemand<ShareDialogProps>(
  () => import("./share-dialog").then((module) => module.ShareDialog),
  () => <ShareTrigger />,
);
