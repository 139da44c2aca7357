import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { SendDocumentDialogProps } from "./send-document-dialog";
import { SendDocumentTrigger } from "./send-document-trigger";

/** The button, and its dialog (the form, the file picker) loaded when it is first pressed. */
export const SendDocumentDialog = dialogOnDemand<SendDocumentDialogProps>(
  () => import("./send-document-dialog").then((module) => module.SendDocumentDialog),
  ({ triggerLabel }) => <SendDocumentTrigger label={triggerLabel} />,
);
