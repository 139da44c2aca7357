import { ClipboardList } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** The dashboard's Request Custom Quote button (docs/product.md §2). */
export function RequestQuoteTrigger(props: ButtonProps) {
  return (
    <Button type="button" {...props}>
      <ClipboardList aria-hidden />
      Request Custom Quote
    </Button>
  );
}
