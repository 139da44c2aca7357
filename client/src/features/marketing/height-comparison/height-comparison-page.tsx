import { Camera, MessageSquare } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { scrollToContact } from "@/lib/scroll";
import { cn } from "@/lib/utils";
import { Section } from "../components/section";
import { HeightScene } from "./height-scene";
import { BAND_GUIDANCE, bandOf, HEIGHT_DEFAULT_FT, HEIGHT_MAX_FT, HEIGHT_MIN_FT, HEIGHT_STEP_FT, nearestDescribedHeight } from "./heights";

export default function HeightComparisonPage() {
  const [feet, setFeet] = useState(HEIGHT_DEFAULT_FT);
  const described = nearestDescribedHeight(feet);
  const guidance = BAND_GUIDANCE[bandOf(feet)];

  return (
    <Section aria-labelledby="height-heading" className="hud-grid">
      <p className="hud-label mb-3 text-primary">// Flight planning</p>
      <h1 id="height-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
        Drone Height Comparison
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
        Altitude decides what a flight can see. Move the slider to compare what each height is good for before you plan your mission.
      </p>

      <div className="mt-12 grid gap-8 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="space-y-6">
          <Card>
            <label htmlFor="height-slider" className="hud-label flex items-baseline justify-between text-muted-foreground">
              Flight height
              <output htmlFor="height-slider" className="font-mono text-3xl font-bold tracking-normal text-primary">
                {feet} ft
              </output>
            </label>
            <input
              id="height-slider"
              type="range"
              min={HEIGHT_MIN_FT}
              max={HEIGHT_MAX_FT}
              step={HEIGHT_STEP_FT}
              value={feet}
              aria-valuetext={`${feet} feet`}
              onChange={(event) => setFeet(Number(event.target.value))}
              className="mt-4 w-full accent-[var(--primary)]"
            />
            <div aria-hidden className="mt-1 flex justify-between font-mono text-xs text-muted-foreground">
              <span>{HEIGHT_MIN_FT} ft</span>
              <span>{HEIGHT_MAX_FT} ft</span>
            </div>
          </Card>
          <HeightScene feet={feet} />
        </div>

        <div className="space-y-6" aria-live="polite">
          <Card data-testid="described-height">
            <Badge>{described.feet} ft</Badge>
            <h2 className="mt-3 text-2xl font-bold">{described.name}</h2>
            <p className="mt-2 text-muted-foreground">{described.description}</p>
          </Card>
          <Card data-testid="best-for" data-band={guidance.band}>
            <h2 className="text-xl font-bold">Best for</h2>
            <p className="hud-label mt-1 text-primary">
              {guidance.band} altitude · {guidance.range}
            </p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-muted-foreground">
              {guidance.bestFor.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Card>
          <Card data-testid="technical-notes">
            <h2 className="text-xl font-bold">Technical notes</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-muted-foreground">
              {guidance.technicalNotes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Card>
          <div className="flex flex-wrap gap-4">
            <Button type="button" size="lg" onClick={scrollToContact}>
              <MessageSquare aria-hidden />
              Contact Us
            </Button>
            <Link
              href="/photography-filming"
              className={cn(buttonVariants({ size: "lg", variant: "outline" }), "h-auto min-h-12 whitespace-normal py-3 text-center")}
            >
              <Camera aria-hidden />
              Aerial photography & filming
            </Link>
          </div>
        </div>
      </div>
    </Section>
  );
}
