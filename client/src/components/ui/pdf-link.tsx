import { FileDown } from "lucide-react";
import { cn } from "@/lib/utils";
import { buttonVariants } from "./button";

/**
 * "Download PDF" of an estimate, an invoice or a receipt the server renders; `what` completes the
 * name for screen readers, as a page may list several. The name is an aria-label, not hidden text,
 * so a search of the page's text for the invoice's number finds the number alone.
 */
export function PdfLink({ href, what, label = "Download PDF", className }: { href: string; what: string; label?: string; className?: string }) {
  return (
    <a href={href} download aria-label={`${label} of ${what}`} className={cn(buttonVariants({ variant: "outline", size: "sm" }), className)}>
      <FileDown aria-hidden />
      {label}
    </a>
  );
}
