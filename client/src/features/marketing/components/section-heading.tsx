import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface SectionHeadingProps {
  /** Small HUD label above the title, e.g. "// 01 Overview". */
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  id?: string;
  align?: "left" | "center";
  className?: string;
}

/** The heading block every marketing section opens with. */
export function SectionHeading({ eyebrow, title, intro, id, align = "left", className }: SectionHeadingProps) {
  return (
    <header className={cn("low:mb-10 low:max-w-3xl", align === "center" && "low:mx-auto low:text-center", className)}>
      {eyebrow ? <p className="hud-label mb-3 text-primary">{eyebrow}</p> : null}
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
    </header>
  );
}
