import { ChevronDown, PlayCircle } from "lucide-react";
import heroArt from "@/assets/illustrations/hero-drone.svg";
import { Button, buttonVariants } from "@/components/ui/button";
import { scrollToId } from "@/lib/scroll";
import { getSiteConfig } from "@/lib/site-config";
import { HeroPicture } from "../components/hero-picture";
import { RichText } from "../components/rich-text";
import type { HomeDocument } from "@common/site-pages";
import { useHomeDocument } from "../content/page-documents";

/** The headline with its last word in the accent colour ("DRONE INTELLIGENCE"). */
function Headline({ text }: { text: string }) {
  const split = text.lastIndexOf(" ");
  if (split < 0) return <span className="text-primary">{text}</span>;
  return (
    <>
      {text.slice(0, split + 1)}
      <span className="text-primary">{text.slice(split + 1)}</span>
    </>
  );
}

/** The home page's hero; `document` is a draft's, in a preview, else the page's own. */
export function Hero({ document: given }: { document?: HomeDocument }) {
  // The preview names a draft; the site shows the published document.
  const published = useHomeDocument();
  const document = given ?? published;
  const { demoVideoUrl } = getSiteConfig();
  const { hero } = document;
  return (
    <section aria-labelledby="hero-heading" className="hud-grid relative overflow-hidden px-4 pb-20 pt-16 sm:px-6 lg:px-8 lg:pt-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2">
        <div>
          {hero.label ? <p className="hud-label mb-4 text-primary">{hero.label}</p> : null}
          <h1 id="hero-heading" className="font-mono text-5xl font-black tracking-tight sm:text-6xl xl:text-7xl">
            <Headline text={hero.headline} />
          </h1>
          <RichText value={hero.intro} className="mt-6 max-w-xl text-lg text-muted-foreground" />
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
          {hero.stats.length ? (
            <dl className="mt-12 grid max-w-lg grid-cols-3 gap-4">
              {hero.stats.map((stat) => (
                <div key={stat.label} className="hud-frame flex flex-col rounded-md border bg-card/70 p-4">
                  <dt className="text-xs text-muted-foreground">{stat.label}</dt>
                  <dd className="order-first mb-1 font-mono text-2xl font-bold text-primary">{stat.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        {hero.picture ? (
          <HeroPicture picture={hero.picture} frameClassName="mx-auto w-full max-w-xl" />
        ) : (
          <img
            src={heroArt}
            alt="A survey quadcopter hovering over terrain contours, framed by a heads-up display"
            width={640}
            height={480}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-xl"
          />
        )}
      </div>
    </section>
  );
}
