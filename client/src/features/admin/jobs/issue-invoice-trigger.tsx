import { FileText } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

export function IssueInvoiceTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" {...props}>
      <FileText aria-hidden />
      Issue final invoice
    </Button>
  );
}
