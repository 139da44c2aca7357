import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A form label: a plain <label>, so the contact form's code carries none of Radix (its Label adds only a double-click rule). */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("hud-label low:block low:text-muted-foreground", className)} {...props} />;
}
