import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { pageRoute } from "@common/site-page-keys";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { Section } from "../components/section";
import { SectionHeading } from "../components/section-heading";
import { RichText } from "../components/rich-text";
import type { HomeDocument } from "@common/site-pages";
import { useHomeDocument, visibleServicePages } from "../content/page-documents";
import { artOf } from "../content/service-art";

/** docs/product.md §2: the first card, solar's, is highlighted by default and the highlight follows the mouse. */
export function MissionProfiles({ document: given }: { document?: HomeDocument }) {
  // The preview names a draft; the site shows the published document.
  const published = useHomeDocument();
  const document = given ?? published;
  const { missionProfiles } = document;
  const pages = visibleServicePages();
  const [highlighted, setHighlighted] = useState(pages[0]?.key);
  return (
    <Section id="services" aria-labelledby="services-heading">
      <SectionHeading id="services-heading" eyebrow={missionProfiles.eyebrow} title={missionProfiles.title} intro={missionProfiles.intro} />
      <ul className="grid gap-6 lg:grid-cols-3">
        {pages.map(({ key, head: { card } }) => {
          const active = key === highlighted;
          const art = artOf(key);
          return (
            <li
              key={key}
              data-testid={`mission-card-${art.id}`}
              data-highlighted={active}
              onMouseEnter={() => setHighlighted(key)}
              onFocus={() => setHighlighted(key)}
              className={cn(
                "hud-frame flex flex-col overflow-hidden rounded-lg border bg-card transition-[border-color,box-shadow,transform] duration-300",
                active ? "border-primary shadow-[0_0_40px_-12px_var(--primary)] lg:-translate-y-1" : "border-border",
              )}
            >
              <img src={art.card.src} alt={art.card.alt} width={640} height={400} loading="lazy" className="h-auto w-full border-b" />
              <div className="flex flex-1 flex-col p-6">
                <div className="hud-label flex justify-between text-[0.65rem] text-muted-foreground">
                  <span>
                    STATUS: <span className="text-success">ACTIVE</span>
                  </span>
                  <span>ALT: 120M</span>
                </div>
                <h3 className="mt-4 text-2xl font-bold">{card.title}</h3>
                {card.subtitle ? <p className={cn("hud-label mt-1", art.colour)}>{card.subtitle}</p> : null}
                <RichText value={card.description} className="mt-3 text-muted-foreground" />
                <dl className="mt-5 grid grid-cols-2 gap-3 border-t pt-4 text-sm">
                  {card.specs.map((spec) => (
                    <div key={spec.label}>
                      <dt className="text-xs text-muted-foreground">{spec.label}</dt>
                      <dd className="font-mono font-semibold">{spec.value}</dd>
                    </div>
                  ))}
                </dl>
                <Link href={pageRoute(key)} className={cn(buttonVariants({ variant: "outline" }), "mt-6 self-start")}>
                  LEARN MORE
                  <ArrowRight aria-hidden />
                  <span className="sr-only">about {card.title}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
