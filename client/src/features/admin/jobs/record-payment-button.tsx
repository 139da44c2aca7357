import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { RecordPaymentDialogProps } from "./record-payment-dialog";
import { RecordPaymentTrigger } from "./record-payment-trigger";

/** "Record payment": the button, and its form (record-payment-dialog.tsx) loaded when it is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const RecordPaymentButton = dialogOnDemand<RecordPaymentDialogProps>(
  () => import("./record-payment-dialog").then((module) => module.RecordPaymentDialog),
  ({ invoice }) => <RecordPaymentTrigger invoiceNumber={invoice.number} />,
);
