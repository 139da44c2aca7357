import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { IssueInvoiceDialogProps } from "./issue-invoice-dialog";
import { IssueInvoiceTrigger } from "./issue-invoice-trigger";

/** "Issue final invoice": the button, and its form (issue-invoice-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const IssueInvoiceButton = dialogOnDemand<IssueInvoiceDialogProps>(
  () => import("./issue-invoice-dialog").then((module) => module.IssueInvoiceDialog),
  () => <IssueInvoiceTrigger />,
);
