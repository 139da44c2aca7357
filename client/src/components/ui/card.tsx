import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("hud-frame rounded-lg border bg-card/80 p-6 text-card-foreground backdrop-blur-sm", className)} {...props} />;
}

export function Badge({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn("hud-label inline-flex items-center rounded-sm border border-primary/50 bg-primary/10 px-2 py-0.5 text-[0.65rem] text-primary", className)}
      {...props}
    />
  );
}
