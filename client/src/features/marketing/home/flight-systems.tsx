import { Rocket } from "lucide-react";
import { Link } from "wouter";
import mappingArt from "@/assets/illustrations/mapping-grid.svg";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Section } from "../components/section";
import { PageIcon } from "../components/page-icon";
import { RichText } from "../components/rich-text";
import { SectionHeading } from "../components/section-heading";
import type { HomeDocument } from "@common/site-pages";
import { useHomeDocument } from "../content/page-documents";

export function FlightSystems({ document: given }: { document?: HomeDocument }) {
  // The preview names a draft; the site shows the published document.
  const published = useHomeDocument();
  const document = given ?? published;
  const { flightSystems } = document;
  return (
    <Section aria-labelledby="flight-systems-heading" className="border-t">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading id="flight-systems-heading" eyebrow={flightSystems.eyebrow} title={flightSystems.title} />
          <ul className="space-y-4">
            {flightSystems.items.map(({ icon, title, text }) => {
              return (
                <li key={title}>
                  <Card className="flex gap-4 p-5">
                    <PageIcon name={icon} className="mt-1 size-6 shrink-0 text-primary" />
                    <div>
                      <h3 className="font-semibold">{title}</h3>
                      <RichText value={text} className="mt-1 text-sm text-muted-foreground" />
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
          <Link href="/request-quote" className={buttonVariants({ size: "lg", className: "mt-8" })}>
            <Rocket aria-hidden />
            {flightSystems.ctaLabel}
          </Link>
        </div>
        <img
          src={mappingArt}
          alt="A wireframe terrain model with a drone's planned flight path and waypoints above it"
          width={640}
          height={400}
          loading="lazy"
          className="h-auto w-full rounded-lg border"
        />
      </div>
    </Section>
  );
}
