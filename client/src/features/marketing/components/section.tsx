import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A full-width band of the page with the site's content width and vertical rhythm. */
export function Section({ className, children, ...props }: ComponentProps<"section">) {
  return (
    <section className={cn("low:px-4 low:py-20 low:sm:px-6 low:lg:px-8", className)} {...props}>
      <div className="mx-auto max-w-7xl">{children}</div>
    </section>
  );
}
