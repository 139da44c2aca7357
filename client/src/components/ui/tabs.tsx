import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** Radix Tabs: arrow keys move between tabs, Tab moves into the active panel. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn("low:flex low:items-center low:gap-1 low:rounded-md low:border low:bg-muted/40 low:p-1", className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "hud-label low:inline-flex low:h-9 low:flex-1 low:items-center low:justify-center low:gap-2 low:rounded-sm low:px-3 low:font-semibold low:text-muted-foreground low:transition-colors low:hover:text-foreground",
        "low:focus-visible:outline-2 low:focus-visible:outline-offset-2 low:focus-visible:outline-ring low:disabled:pointer-events-none low:disabled:opacity-60",
        "low:data-[state=active]:bg-card low:data-[state=active]:text-primary low:data-[state=active]:shadow-[inset_0_-2px_0_var(--primary)] low:[&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

/** A panel; with forceMount the inactive one stays mounted (keeping typed values) but hidden. */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        "low:mt-4 low:rounded-sm low:focus-visible:outline-2 low:focus-visible:outline-offset-4 low:focus-visible:outline-ring low:data-[state=inactive]:hidden",
        className,
      )}
      {...props}
    />
  );
}
