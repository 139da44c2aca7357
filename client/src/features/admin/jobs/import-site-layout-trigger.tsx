import { LayoutGrid } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

export function ImportSiteLayoutTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <LayoutGrid aria-hidden />
      Import site layout
    </Button>
  );
}
