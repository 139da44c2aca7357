import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("hud-frame low:rounded-lg low:border low:bg-card/80 low:p-6 low:text-card-foreground low:backdrop-blur-sm", className)} {...props} />
  );
}

export function Badge({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "hud-label low:inline-flex low:items-center low:rounded-sm low:border low:border-primary/50 low:bg-primary/10 low:px-2 low:py-0.5 low:text-[0.65rem] low:text-primary",
        className,
      )}
      {...props}
    />
  );
}
