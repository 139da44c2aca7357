import { FileText } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

export function ImportFlightLogTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <FileText aria-hidden />
      Import flight log
    </Button>
  );
}
