import { Upload } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** The button that opens "Send a document", with its words. */
export function SendDocumentTrigger({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button type="button" variant="outline" {...props}>
      <Upload aria-hidden />
      {label}
    </Button>
  );
}
