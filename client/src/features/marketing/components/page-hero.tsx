import type { ReactNode } from "react";
import type { HeroPicture as HeroPictureValue, RichText as RichTextValue } from "@common/site-pages";
import { Button, buttonVariants } from "@/components/ui/button";
import { scrollToContact } from "@/lib/scroll";
import { HeroPicture } from "./hero-picture";
import { FramedIllustration } from "./illustration";
import { RichText } from "./rich-text";
import { type Spec, SpecList } from "./spec-list";

interface PageHeroProps {
  /** HUD label above the h1, e.g. "// Solar Inspections". */
  eyebrow: string;
  title: string;
  intro: RichTextValue;
  image: { src: string; alt: string; width: number; height: number };
  /** The owner's uploaded picture, shown in place of the illustration. */
  picture?: HeroPictureValue | null | undefined;
  /** Key figures of the service, shown as a definition list under the intro. */
  specs?: readonly Spec[];
  /** Calls to action (buttons or links). */
  actions?: ReactNode;
}

/** The opening band of a service page: the page's only h1, intro, key specs and its illustration. */
export function PageHero({ eyebrow, title, intro, image, picture, specs, actions }: PageHeroProps) {
  return (
    <section aria-labelledby="page-title" className="hud-grid relative overflow-hidden border-b px-4 py-16 sm:px-6 sm:py-20 lg:px-8 lg:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2">
        <div>
          {eyebrow ? <p className="hud-label mb-4 text-primary">{eyebrow}</p> : null}
          <h1 id="page-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          <RichText value={intro} className="mt-6 max-w-2xl text-lg text-muted-foreground" />
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
          {specs?.length ? <SpecList specs={specs} className="mt-10 grid grid-cols-2 gap-x-6 gap-y-5 border-t border-primary/30 pt-6 sm:grid-cols-4" /> : null}
        </div>
        {picture ? (
          <HeroPicture picture={picture} frameClassName="shadow-[0_0_60px_-24px_var(--primary)]" />
        ) : (
          <FramedIllustration {...image} priority frameClassName="shadow-[0_0_60px_-24px_var(--primary)]" />
        )}
      </div>
    </section>
  );
}

/** The hero's standard calls to action: a free consultation (contact section) and a jump to the packages. */
export function HeroActions({ packagesId = "packages" }: { packagesId?: string }) {
  return (
    <>
      <Button type="button" size="lg" onClick={scrollToContact}>
        Free Consultation
      </Button>
      <a href={`#${packagesId}`} className={buttonVariants({ variant: "outline", size: "lg" })}>
        View Packages
      </a>
    </>
  );
}
