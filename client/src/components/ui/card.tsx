import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("hud-frame low:rounded-lg low:border low:bg-card/80 low:p-6 low:text-card-foreground low:backdrop-blur-sm", className)} {...props} />
  );
}

/** On the card's ground, not a tint of the primary: a tint under primary text loses AA (4.4:1 on the light theme's background), and the card is a ground the brand's check measures (common/brand.ts). */
export function Badge({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "hud-label low:inline-flex low:items-center low:rounded-sm low:border low:border-primary/50 low:bg-card low:px-2 low:py-0.5 low:text-[0.65rem] low:text-primary",
        className,
      )}
      {...props}
    />
  );
}
