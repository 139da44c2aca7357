import { ReceiptText } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Issue credit note, named after its invoice for screen readers (a job may list several invoices). */
export function CreditNoteTrigger({ invoiceNumber, ...props }: ButtonProps & { invoiceNumber: string }) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <ReceiptText aria-hidden />
      Issue credit note<span className="sr-only"> for invoice {invoiceNumber}</span>
    </Button>
  );
}
