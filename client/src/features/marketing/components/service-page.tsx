import type { ReactNode } from "react";
import { type ServiceCard, SERVICE_CARDS } from "../home/service-cards";
import { FieldProof } from "./field-proof";
import { HeroActions, PageHero } from "./page-hero";
import { TitledSection } from "./titled-section";

export interface ServiceSection {
  /** The eyebrow's name ("Overview"); lower-cased, the section's anchor (#overview). */
  label: string;
  title: string;
  intro: string;
  content: ReactNode;
}

interface ServicePageProps {
  /** The home page's card of this service: its key figures go under the hero's intro. */
  service: ServiceCard["id"];
  hero: { eyebrow: string; title: string; intro: string; image: string; imageAlt: string };
  sections: readonly ServiceSection[];
}

/**
 * A service page: its hero, then numbered sections ("// 01 Overview"), every other one tinted so
 * consecutive sections read as separate panels. The packages section is the heroes' "View Packages" target.
 */
export function ServicePage({ service, hero, sections }: ServicePageProps) {
  const card = SERVICE_CARDS.find((candidate) => candidate.id === service);
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.title}
        intro={hero.intro}
        image={{ src: hero.image, alt: hero.imageAlt, width: 640, height: 400 }}
        specs={card?.specs}
        actions={<HeroActions />}
      />
      {sections.map(({ label, title, intro, content }, index) => (
        <TitledSection
          key={label}
          id={label.toLowerCase()}
          eyebrow={`// ${String(index + 1).padStart(2, "0")} ${label}`}
          title={title}
          intro={intro}
          tinted={index % 2 === 1}
        >
          {content}
        </TitledSection>
      ))}
      <FieldProof />
    </>
  );
}
