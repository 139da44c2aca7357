import { Upload } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { SendDocumentDialogProps } from "./send-document-dialog";

/** The button that opens "Send a document", with its words. */
export function SendDocumentTrigger({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button type="button" variant="outline" {...props}>
      <Upload aria-hidden />
      {label}
    </Button>
  );
}

/** The button, and its dialog (the form, the file picker) loaded when it is first pressed. */
export const SendDocumentDialog = dialogOnDemand<SendDocumentDialogProps>(
  () => import("./send-document-dialog").then((module) => module.SendDocumentDialog),
  ({ triggerLabel }) => <SendDocumentTrigger label={triggerLabel} />,
);
