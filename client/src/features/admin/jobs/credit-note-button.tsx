import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { CreditNoteDialogProps } from "./credit-note-dialog";
import { CreditNoteTrigger } from "./credit-note-trigger";

/** "Issue credit note": the button, and its form (credit-note-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const CreditNoteButton = dialogOnDemand<CreditNoteDialogProps>(
  () => import("./credit-note-dialog").then((module) => module.CreditNoteDialog),
  ({ invoice }) => <CreditNoteTrigger invoiceNumber={invoice.number} />,
);
