import { FileText } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { IssueInvoiceDialogProps } from "./issue-invoice-dialog";

export function IssueInvoiceTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" {...props}>
      <FileText aria-hidden />
      Issue final invoice
    </Button>
  );
}

/** "Issue final invoice": the button, and its form (issue-invoice-dialog.tsx) loaded when it is first pressed (issue 20). */
export const IssueInvoiceButton = dialogOnDemand<IssueInvoiceDialogProps>(
  () => import("./issue-invoice-dialog").then((module) => module.IssueInvoiceDialog),
  () => <IssueInvoiceTrigger />,
);
