import { Banknote } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Record payment, named after its invoice for screen readers (an invoice page may list several). */
export function RecordPaymentTrigger({ invoiceNumber, ...props }: ButtonProps & { invoiceNumber: string }) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <Banknote aria-hidden />
      Record payment<span className="sr-only"> for invoice {invoiceNumber}</span>
    </Button>
  );
}
