import { Activity, Box, Crosshair, Rocket } from "lucide-react";
import { Link } from "wouter";
import mappingArt from "@/assets/illustrations/mapping-grid.svg";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Section } from "../components/section";
import { SectionHeading } from "../components/section-heading";

const SYSTEMS = [
  {
    Icon: Activity,
    title: "Real-time Analytics",
    text: "Live telemetry and imagery stream to the ground station, so anomalies are flagged while the drone is still on site.",
  },
  {
    Icon: Crosshair,
    title: "Precision Navigation",
    text: "RTK-GPS centimeter-level positioning flies the same line every visit, so this season's data lines up with last season's.",
  },
  {
    Icon: Box,
    title: "3D Mapping",
    text: "Photogrammetry turns thousands of overlapping images into measurable 3D models, orthomosaics and elevation maps.",
  },
] as const;

export function FlightSystems() {
  return (
    <Section aria-labelledby="flight-systems-heading" className="border-t">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading id="flight-systems-heading" eyebrow="// Technology" title="Advanced Flight Systems" />
          <ul className="space-y-4">
            {SYSTEMS.map(({ Icon, title, text }) => (
              <li key={title}>
                <Card className="flex gap-4 p-5">
                  <Icon aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
                  <div>
                    <h3 className="font-semibold">{title}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Link href="/request-quote" className={buttonVariants({ size: "lg", className: "mt-8" })}>
            <Rocket aria-hidden />
            REQUEST MISSION BRIEFING
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
