import type { ReactNode } from "react";
import type { RichText as RichTextValue, ServiceDocument } from "@common/site-pages";
import { EquipmentPanel } from "../photography/equipment-panel";
import { GalleryTeaser } from "../photography/gallery-teaser";
import { artOf } from "../content/service-art";
import { columnsFor, FeatureGrid } from "./feature-card";
import { FieldProof } from "./field-proof";
import { FramedIllustration } from "./illustration";
import { PackageGrid } from "./package-card";
import { HeroActions, PageHero } from "./page-hero";
import { RichText } from "./rich-text";
import { Steps } from "./steps";
import { TitledSection } from "./titled-section";

interface ServiceSection {
  /** The section's anchor: fixed by the part of the document it shows, whatever its label says. */
  id: string;
  label: string;
  title: string;
  intro: RichTextValue;
  content: ReactNode;
}

/** The document's sections that have something in them, in its order (docs/decisions/0061-site-pages.md). */
function sectionsOf(key: string, document: ServiceDocument): ServiceSection[] {
  const art = artOf(key);
  const { overview, protocol, applications, equipment, packages, faq, gallery } = document;
  const sections: (ServiceSection | null)[] = [
    overview.items.length ? { id: "overview", ...overview, content: <FeatureGrid items={overview.items} columns={columnsFor(overview.items.length)} /> } : null,
    protocol.steps.length ? { id: "protocol", ...protocol, content: <Steps steps={protocol.steps} /> } : null,
    applications.items.length
      ? {
          id: art.applicationsAnchor,
          ...applications,
          content: art.applications ? (
            <div className="grid items-start gap-10 xl:grid-cols-[2fr_3fr]">
              <FramedIllustration {...art.applications} width={640} height={400} frameClassName="mx-auto w-full max-w-2xl xl:max-w-none" />
              <FeatureGrid items={applications.items} columns={2} />
            </div>
          ) : (
            <FeatureGrid items={applications.items} columns={columnsFor(applications.items.length)} />
          ),
        }
      : null,
    equipment ? { id: "equipment", ...equipment, content: <EquipmentPanel equipment={equipment} /> } : null,
    packages.items.length ? { id: "packages", ...packages, content: <PackageGrid packages={packages.items} ctaLabel={packages.ctaLabel} /> } : null,
    faq.items.length
      ? {
          id: "faq",
          ...faq,
          content: (
            <dl className="max-w-3xl divide-y border-y">
              {faq.items.map((item) => (
                <div key={item.question} className="py-5">
                  <dt className="text-lg font-semibold">{item.question}</dt>
                  <dd className="mt-2 text-muted-foreground">
                    <RichText value={item.answer} />
                  </dd>
                </div>
              ))}
            </dl>
          ),
        }
      : null,
    gallery ? { id: "gallery", ...gallery, content: <GalleryTeaser gallery={gallery} /> } : null,
  ];
  return sections.filter((section) => section !== null);
}

/** The catalogue category of each built-in service page, whose case studies it shows; a page added in the back office shows them all. */
const CASE_STUDY_SERVICE: Record<string, string> = { "solar-inspections": "solar", "agricultural-services": "agriculture", "photography-filming": "media" };

/**
 * A service page drawn from its document: its hero, then numbered sections ("// 01 Overview"), every
 * other one tinted so consecutive sections read as separate panels. The packages section is the
 * hero's "View Packages" target.
 */
export function ServicePage({ pageKey, document }: { pageKey: string; document: ServiceDocument }) {
  const { hero } = artOf(pageKey);
  return (
    <>
      <PageHero
        eyebrow={document.hero.eyebrow}
        title={document.hero.headline}
        intro={document.hero.intro}
        image={{ ...hero, width: 640, height: 400 }}
        picture={document.hero.picture}
        specs={document.card.specs}
        actions={<HeroActions />}
      />
      {sectionsOf(pageKey, document).map(({ id, label, title, intro, content }, index) => (
        <TitledSection key={id} id={id} eyebrow={`// ${String(index + 1).padStart(2, "0")} ${label}`} title={title} intro={intro} tinted={index % 2 === 1}>
          {content}
        </TitledSection>
      ))}
      <FieldProof service={CASE_STUDY_SERVICE[pageKey]} />
    </>
  );
}
