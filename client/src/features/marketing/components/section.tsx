import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A full-width band of the page with the site's content width and vertical rhythm. */
export function Section({ className, children, ...props }: ComponentProps<"section">) {
  return (
    <section className={cn("px-4 py-20 sm:px-6 lg:px-8", className)} {...props}>
      <div className="mx-auto max-w-7xl">{children}</div>
    </section>
  );
}
