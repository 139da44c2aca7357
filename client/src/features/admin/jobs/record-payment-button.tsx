import { Banknote } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { RecordPaymentDialogProps } from "./record-payment-dialog";

/** Record payment, named after its invoice for screen readers (an invoice page may list several). */
export function RecordPaymentTrigger({ invoiceNumber, ...props }: ButtonProps & { invoiceNumber: string }) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <Banknote aria-hidden />
      Record payment<span className="sr-only"> for invoice {invoiceNumber}</span>
    </Button>
  );
}

/** "Record payment": the button, and its form (record-payment-dialog.tsx) loaded when it is first pressed (issue 20). */
export const RecordPaymentButton = dialogOnDemand<RecordPaymentDialogProps>(
  () => import("./record-payment-dialog").then((module) => module.RecordPaymentDialog),
  ({ invoice }) => <RecordPaymentTrigger invoiceNumber={invoice.number} />,
);
