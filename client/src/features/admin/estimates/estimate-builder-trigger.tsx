import { Send } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Send or Revise estimate, completed for screen readers by `srLabel` where several sit side by side. */
export function EstimateBuilderTrigger({ label, srLabel, ...props }: ButtonProps & { label: string; srLabel?: string }) {
  return (
    <Button type="button" size="sm" {...props}>
      <Send aria-hidden />
      {label}
      {srLabel ? <span className="sr-only">{srLabel}</span> : null}
    </Button>
  );
}
