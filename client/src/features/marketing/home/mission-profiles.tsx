import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { Section } from "../components/section";
import { SectionHeading } from "../components/section-heading";
import { type ServiceCard, SERVICE_CARDS } from "./service-cards";

/** docs/product.md §2: solar is highlighted by default and the highlight follows the mouse. */
export function MissionProfiles() {
  const [highlighted, setHighlighted] = useState<ServiceCard["id"]>("solar");
  return (
    <Section id="services" aria-labelledby="services-heading">
      <SectionHeading id="services-heading" eyebrow="// Services" title="MISSION PROFILES" intro="Three specialised flight programmes, one accountable team." />
      <ul className="grid gap-6 lg:grid-cols-3">
        {SERVICE_CARDS.map((card) => {
          const active = card.id === highlighted;
          return (
            <li
              key={card.id}
              data-testid={`mission-card-${card.id}`}
              data-highlighted={active}
              onMouseEnter={() => setHighlighted(card.id)}
              onFocus={() => setHighlighted(card.id)}
              className={cn(
                "hud-frame flex flex-col overflow-hidden rounded-lg border bg-card transition-[border-color,box-shadow,transform] duration-300",
                active ? "border-primary shadow-[0_0_40px_-12px_var(--primary)] lg:-translate-y-1" : "border-border",
              )}
            >
              <img src={card.image} alt={card.imageAlt} width={640} height={400} loading="lazy" className="h-auto w-full border-b" />
              <div className="flex flex-1 flex-col p-6">
                <div className="hud-label flex justify-between text-[0.65rem] text-muted-foreground">
                  <span>
                    STATUS: <span className="text-success">ACTIVE</span>
                  </span>
                  <span>ALT: 120M</span>
                </div>
                <h3 className="mt-4 text-2xl font-bold">{card.title}</h3>
                <p className={cn("hud-label mt-1", card.colour)}>{card.subtitle}</p>
                <p className="mt-3 text-muted-foreground">{card.description}</p>
                <dl className="mt-5 grid grid-cols-2 gap-3 border-t pt-4 text-sm">
                  {card.specs.map((spec) => (
                    <div key={spec.label}>
                      <dt className="text-xs text-muted-foreground">{spec.label}</dt>
                      <dd className="font-mono font-semibold">{spec.value}</dd>
                    </div>
                  ))}
                </dl>
                <Link href={card.link} className={cn(buttonVariants({ variant: "outline" }), "mt-6 self-start")}>
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
