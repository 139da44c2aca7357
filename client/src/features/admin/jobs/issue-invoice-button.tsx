import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { IssueInvoiceDialogProps } from "./issue-invoice-dialog";
import { IssueInvoiceTrigger } from "./issue-invoice-trigger";

/** "Issue final invoice": the button, and its form (issue-invoice-dialog.tsx) loaded when it is first pressed (issue 20). */
export const IssueInvoiceButton = dialogOnDemand<IssueInvoiceDialogProps>(
  () => import("./issue-invoice-dialog").then((module) => module.IssueInvoiceDialog),
  () => <IssueInvoiceTrigger />,
);
