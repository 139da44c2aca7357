import type { ReactNode } from "react";
import type { RichText } from "@common/site-pages";
import { cn } from "@/lib/utils";
import { Section } from "./section";
import { SectionHeading } from "./section-heading";

interface TitledSectionProps {
  /** Anchor of the section; its h2 gets `${id}-heading` and names the section. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  intro?: RichText;
  /** Shades the band so consecutive sections read as separate panels. */
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}

/** A marketing section: HUD eyebrow, h2 and intro, then its content. */
export function TitledSection({ id, eyebrow, title, intro, tinted = false, className, children }: TitledSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Section id={id} aria-labelledby={headingId} className={cn(tinted && "low:border-y low:bg-muted/40", className)}>
      <SectionHeading id={headingId} eyebrow={eyebrow} title={title} intro={intro} />
      {children}
    </Section>
  );
}
