import { ChevronDown, PlayCircle } from "lucide-react";
import heroArt from "@/assets/illustrations/hero-drone.svg";
import { Button, buttonVariants } from "@/components/ui/button";
import { scrollToId } from "@/lib/scroll";
import { getSiteConfig } from "@/lib/site-config";

const STATS = [
  { value: "10+", label: "Years of flying experience" },
  { value: "99.9%", label: "Accuracy" },
  { value: "24/7", label: "Support" },
] as const;

export function Hero() {
  const { demoVideoUrl } = getSiteConfig();
  return (
    <section aria-labelledby="hero-heading" className="hud-grid relative overflow-hidden px-4 pb-20 pt-16 sm:px-6 lg:px-8 lg:pt-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="hud-label mb-4 text-primary">Precision Aerial Solutions</p>
          <h1 id="hero-heading" className="font-mono text-5xl font-black tracking-tight sm:text-6xl xl:text-7xl">
            DRONE <span className="text-primary">INTELLIGENCE</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            Certified pilots and enterprise drones that inspect your solar assets, map the health of your fields and film your projects from the air, delivering
            data you can act on the same week.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Button size="lg" onClick={() => scrollToId("services")}>
              <ChevronDown aria-hidden />
              EXPLORE SERVICES
            </Button>
            <a href={demoVideoUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: "lg", variant: "outline" })}>
              <PlayCircle aria-hidden />
              WATCH DEMO
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
          <dl className="mt-12 grid max-w-lg grid-cols-3 gap-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="hud-frame flex flex-col rounded-md border bg-card/70 p-4">
                <dt className="text-xs text-muted-foreground">{stat.label}</dt>
                <dd className="order-first mb-1 font-mono text-2xl font-bold text-primary">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <img
          src={heroArt}
          alt="A survey quadcopter hovering over terrain contours, framed by a heads-up display"
          width={640}
          height={480}
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-xl"
        />
      </div>
    </section>
  );
}
