import type { ReactNode } from "react";
import type { RichText as RichTextValue } from "@common/site-pages";
import { cn } from "@/lib/utils";
import { RichText } from "./rich-text";

interface SectionHeadingProps {
  /** Small HUD label above the title, e.g. "// 01 Overview". */
  eyebrow?: string;
  title: ReactNode;
  /** A sentence of the code's, or a page document's rich text. */
  intro?: string | RichTextValue;
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
      {typeof intro === "string" ? (
        <p className="mt-4 text-lg text-muted-foreground">{intro}</p>
      ) : intro ? (
        <RichText value={intro} className="mt-4 text-lg text-muted-foreground" />
      ) : null}
    </header>
  );
}
