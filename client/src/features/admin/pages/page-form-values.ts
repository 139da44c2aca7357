import type { HeroPicture, HomeDocument, RichText, ServiceDocument } from "@common/site-pages";
import { documentSchemaFor, serviceDocumentSchema } from "@common/site-pages";
import { dollarsText } from "../estimates/estimate-form";
import { centsFromDollars, DOLLARS_MESSAGE } from "../money-input";
import { printMarkup, richTextFrom } from "./rich-text-markup";

type ServicePackage = ServiceDocument["packages"]["items"][number];
type FaqItem = ServiceDocument["faq"]["items"][number];
type FeatureCard = ServiceDocument["overview"]["items"][number];
type Step = ServiceDocument["protocol"]["steps"][number];
type FlightSystem = HomeDocument["flightSystems"]["items"][number];
export type PageIcon = FeatureCard["icon"];

/** The pictures a card may name, as the model lists them. */
export const PAGE_ICONS: readonly PageIcon[] = serviceDocumentSchema.shape.overview.shape.items.element.shape.icon.options;

/**
 * The most items each list of the model takes (common/site-pages.ts; page-form-values.test.ts checks
 * them against it): the form disables "Add" there and says why.
 */
export const LIMITS = {
  stats: 4,
  flightSystems: 6,
  cardSpecs: 6,
  overview: 12,
  steps: 8,
  applications: 12,
  points: 10,
  equipmentSpecs: 8,
  packages: 6,
  faq: 30,
} as const;

/** A package's price as the form offers it: none shown, a price, a "from" price, or on request. */
export const PRICE_CHOICES = [
  { value: "none", label: "No price shown" },
  { value: "fixed", label: "Price" },
  { value: "from", label: "From" },
  { value: "on-request", label: "On request" },
] as const;
export type PriceChoice = (typeof PRICE_CHOICES)[number]["value"];

export interface PackageValues {
  name: string;
  scope: string;
  /** Rich text as markup (./rich-text-markup.ts). */
  summary: string;
  /** What is included, a line each. */
  features: string;
  price: PriceChoice;
  /** Dollars, as typed. */
  amount: string;
  unit: string;
  recommended: boolean;
  /** The package as loaded: a rich text left unchanged is sent back exactly as it was. */
  loaded?: ServicePackage;
}

export interface FaqValues {
  question: string;
  /** Rich text as markup (./rich-text-markup.ts). */
  answer: string;
  loaded?: FaqItem;
}

/** A search result's title and description; empty shows the route's own. */
export interface SeoValues {
  title: string;
  description: string;
}

/** A key figure. */
export interface SpecValues {
  label: string;
  value: string;
}

/** A section's eyebrow label, title and intro (markup). */
export interface SectionValues {
  label: string;
  title: string;
  intro: string;
}

/** A feature card, an application area or a detectable issue. */
export interface CardValues {
  icon: PageIcon;
  title: string;
  description: string;
  /** A point per line. */
  points: string;
  loaded?: FeatureCard;
}

export interface StepValues {
  icon: PageIcon;
  title: string;
  description: string;
  loaded?: Step;
}

export interface SystemValues {
  icon: PageIcon;
  title: string;
  text: string;
  loaded?: FlightSystem;
}

export interface HomeValues {
  kind: "home";
  seo: SeoValues;
  label: string;
  headline: string;
  intro: string;
  /** The hero's uploaded picture and its alt text; null shows the site's illustration. */
  picture: HeroPicture | null;
  stats: { value: string; label: string }[];
  missionProfiles: { eyebrow: string; title: string; intro: string };
  flightSystems: { eyebrow: string; title: string; items: SystemValues[]; ctaLabel: string };
}

export interface EquipmentValues extends SectionValues {
  panelTitle: string;
  text: string;
  specs: SpecValues[];
  ctaLabel: string;
}

export interface GalleryValues extends SectionValues {
  text: string;
  linkLabel: string;
}

export interface ServiceValues {
  kind: "service";
  seo: SeoValues;
  navLabel: string;
  hidden: boolean;
  card: { title: string; subtitle: string; description: string; specs: SpecValues[] };
  eyebrow: string;
  headline: string;
  intro: string;
  /** The hero's uploaded picture and its alt text; null shows the site's illustration. */
  picture: HeroPicture | null;
  overview: SectionValues & { items: CardValues[] };
  protocol: SectionValues & { steps: StepValues[] };
  applications: SectionValues & { items: CardValues[] };
  /** The optional equipment panel; null is none. */
  equipment: EquipmentValues | null;
  packagesSection: SectionValues & { ctaLabel: string };
  packages: PackageValues[];
  faqSection: SectionValues;
  faq: FaqValues[];
  /** The optional pointer to the gallery; null is none. */
  gallery: GalleryValues | null;
}

export type PageValues = HomeValues | ServiceValues;

const isHome = (key: string, _document: HomeDocument | ServiceDocument): _document is HomeDocument => key === "home";

const packageValues = (item: ServicePackage): PackageValues => ({
  name: item.name,
  scope: item.scope,
  summary: printMarkup(item.summary),
  features: item.features.join("\n"),
  price: item.price?.kind ?? "none",
  amount: item.price && item.price.kind !== "on-request" ? dollarsText(item.price.cents) : "",
  unit: item.price && item.price.kind !== "on-request" ? item.price.unit : "",
  recommended: item.recommended,
  loaded: item,
});

export const emptyPackage = (): PackageValues => ({ name: "", scope: "", summary: "", features: "", price: "none", amount: "", unit: "", recommended: false });
export const emptyQuestion = (): FaqValues => ({ question: "", answer: "" });
export const emptyCard = (): CardValues => ({ icon: "sparkles", title: "", description: "", points: "" });
export const emptyStep = (): StepValues => ({ icon: "sparkles", title: "", description: "" });
export const emptySystem = (): SystemValues => ({ icon: "sparkles", title: "", text: "" });
export const emptySpec = (): SpecValues => ({ label: "", value: "" });
/** A new equipment panel: its section named, the rest for the owner to write. */
export const emptyEquipment = (): EquipmentValues => ({ label: "Equipment", title: "", intro: "", panelTitle: "", text: "", specs: [], ctaLabel: "" });
/** A new gallery pointer, worded as SPEC's photography page words it. */
export const emptyGallery = (): GalleryValues => ({ label: "Gallery", title: "", intro: "", text: "", linkLabel: "View our gallery" });

const seoValues = (seo: HomeDocument["seo"]): SeoValues => ({ title: seo?.title ?? "", description: seo?.description ?? "" });
const sectionValues = (section: { label: string; title: string; intro: RichText }): SectionValues => ({
  label: section.label,
  title: section.title,
  intro: printMarkup(section.intro),
});
const cardValues = (card: FeatureCard): CardValues => ({
  icon: card.icon,
  title: card.title,
  description: printMarkup(card.description),
  points: card.points.join("\n"),
  loaded: card,
});
const specValues = (specs: readonly SpecValues[]) => specs.map((spec) => ({ label: spec.label, value: spec.value }));

const pictureValues = (picture: HeroPicture | null | undefined): HeroPicture | null => (picture ? { image: { ...picture.image }, alt: picture.alt } : null);

/**
 * The hero as the form leaves it: its picture when it has one, else none at all, so a hero that
 * never had one is sent back exactly as loaded.
 */
function heroWithPicture<Hero extends { picture?: HeroPicture | null }>(hero: Hero, picture: HeroPicture | null): Hero {
  const { picture: _loaded, ...rest } = hero;
  return (picture ? { ...rest, picture } : rest) as Hero;
}

/** The form's values for a page's loaded draft. */
export function valuesOf(key: string, draft: HomeDocument | ServiceDocument): PageValues {
  if (isHome(key, draft)) {
    const { hero, missionProfiles, flightSystems } = draft;
    return {
      kind: "home",
      seo: seoValues(draft.seo),
      label: hero.label,
      headline: hero.headline,
      intro: printMarkup(hero.intro),
      picture: pictureValues(hero.picture),
      stats: hero.stats.map((stat) => ({ ...stat })),
      missionProfiles: { eyebrow: missionProfiles.eyebrow, title: missionProfiles.title, intro: printMarkup(missionProfiles.intro) },
      flightSystems: {
        eyebrow: flightSystems.eyebrow,
        title: flightSystems.title,
        items: flightSystems.items.map((item) => ({ icon: item.icon, title: item.title, text: printMarkup(item.text), loaded: item })),
        ctaLabel: flightSystems.ctaLabel,
      },
    };
  }
  const service = draft as ServiceDocument;
  const { card, equipment, gallery } = service;
  return {
    kind: "service",
    seo: seoValues(service.seo),
    navLabel: service.navLabel,
    hidden: service.hidden,
    card: { title: card.title, subtitle: card.subtitle, description: printMarkup(card.description), specs: specValues(card.specs) },
    eyebrow: service.hero.eyebrow,
    headline: service.hero.headline,
    intro: printMarkup(service.hero.intro),
    picture: pictureValues(service.hero.picture),
    overview: { ...sectionValues(service.overview), items: service.overview.items.map(cardValues) },
    protocol: {
      ...sectionValues(service.protocol),
      steps: service.protocol.steps.map((step) => ({ icon: step.icon, title: step.title, description: printMarkup(step.description), loaded: step })),
    },
    applications: { ...sectionValues(service.applications), items: service.applications.items.map(cardValues) },
    equipment: equipment
      ? {
          ...sectionValues(equipment),
          panelTitle: equipment.panelTitle,
          text: printMarkup(equipment.text),
          specs: specValues(equipment.specs),
          ctaLabel: equipment.ctaLabel,
        }
      : null,
    packagesSection: { ...sectionValues(service.packages), ctaLabel: service.packages.ctaLabel },
    packages: service.packages.items.map(packageValues),
    faqSection: sectionValues(service.faq),
    faq: service.faq.items.map((item) => ({ question: item.question, answer: printMarkup(item.answer), loaded: item })),
    gallery: gallery ? { ...sectionValues(gallery), text: printMarkup(gallery.text), linkLabel: gallery.linkLabel } : null,
  };
}

/** A field's error, keyed by its path in the document without "document." ("packages.items.0.price.cents"). */
export type FieldErrors = Record<string, string>;

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

function packageOf(values: PackageValues, path: string, errors: FieldErrors): ServicePackage {
  let price: ServicePackage["price"] = null;
  if (values.price === "on-request") price = { kind: "on-request" };
  if (values.price === "fixed" || values.price === "from") {
    const cents = centsFromDollars(values.amount);
    if (cents === null) errors[`${path}.price.cents`] = DOLLARS_MESSAGE;
    price = { kind: values.price, cents: cents ?? 0, unit: values.unit };
  }
  return {
    ...values.loaded,
    name: values.name,
    scope: values.scope,
    summary: richTextFrom(values.summary, values.loaded?.summary),
    features: lines(values.features),
    price,
    recommended: values.recommended,
  };
}

/** The page's own title and description, or none when both are empty and the draft had none. */
function seoOf(values: SeoValues, loaded: HomeDocument["seo"]): HomeDocument["seo"] {
  if (!loaded && values.title.trim() === "" && values.description.trim() === "") return undefined;
  return { ...loaded, title: values.title, description: values.description };
}

function sectionOf(values: SectionValues, loaded: { intro: RichText } | null | undefined) {
  return { label: values.label, title: values.title, intro: richTextFrom(values.intro, loaded?.intro) };
}

const cardOf = (values: CardValues): FeatureCard => ({
  ...values.loaded,
  icon: values.icon,
  title: values.title,
  description: richTextFrom(values.description, values.loaded?.description),
  points: lines(values.points),
});

/**
 * The draft to send: the loaded document with the form's fields put in, everything the form does
 * not show kept as loaded. Checked with the server's own model (common/site-pages.ts): `errors`
 * names each field that does not fit, and nothing should be sent while it has any.
 */
export function documentOf(key: string, loaded: HomeDocument | ServiceDocument, values: PageValues): { document: unknown; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let document: HomeDocument | ServiceDocument;
  const { seo: loadedSeo, ...rest } = loaded;
  const seo = seoOf(values.seo, loadedSeo);
  if (values.kind === "home") {
    const home = rest as HomeDocument;
    const { missionProfiles, flightSystems } = values;
    document = {
      ...home,
      ...(seo ? { seo } : {}),
      hero: heroWithPicture(
        { ...home.hero, label: values.label, headline: values.headline, intro: richTextFrom(values.intro, home.hero.intro), stats: values.stats },
        values.picture,
      ),
      missionProfiles: {
        ...home.missionProfiles,
        eyebrow: missionProfiles.eyebrow,
        title: missionProfiles.title,
        intro: richTextFrom(missionProfiles.intro, home.missionProfiles.intro),
      },
      flightSystems: {
        ...home.flightSystems,
        eyebrow: flightSystems.eyebrow,
        title: flightSystems.title,
        items: flightSystems.items.map((item) => ({ ...item.loaded, icon: item.icon, title: item.title, text: richTextFrom(item.text, item.loaded?.text) })),
        ctaLabel: flightSystems.ctaLabel,
      },
    };
  } else {
    const service = rest as ServiceDocument;
    const { card, equipment, gallery } = values;
    document = {
      ...service,
      ...(seo ? { seo } : {}),
      navLabel: values.navLabel,
      hidden: values.hidden,
      card: {
        ...service.card,
        title: card.title,
        subtitle: card.subtitle,
        description: richTextFrom(card.description, service.card.description),
        specs: card.specs,
      },
      hero: heroWithPicture(
        { ...service.hero, eyebrow: values.eyebrow, headline: values.headline, intro: richTextFrom(values.intro, service.hero.intro) },
        values.picture,
      ),
      overview: { ...service.overview, ...sectionOf(values.overview, service.overview), items: values.overview.items.map(cardOf) },
      protocol: {
        ...service.protocol,
        ...sectionOf(values.protocol, service.protocol),
        steps: values.protocol.steps.map((step) => ({
          ...step.loaded,
          icon: step.icon,
          title: step.title,
          description: richTextFrom(step.description, step.loaded?.description),
        })),
      },
      applications: { ...service.applications, ...sectionOf(values.applications, service.applications), items: values.applications.items.map(cardOf) },
      equipment: equipment
        ? {
            ...service.equipment,
            ...sectionOf(equipment, service.equipment),
            panelTitle: equipment.panelTitle,
            text: richTextFrom(equipment.text, service.equipment?.text),
            specs: equipment.specs,
            ctaLabel: equipment.ctaLabel,
          }
        : null,
      packages: {
        ...service.packages,
        ...sectionOf(values.packagesSection, service.packages),
        ctaLabel: values.packagesSection.ctaLabel,
        items: values.packages.map((item, index) => packageOf(item, `packages.items.${index}`, errors)),
      },
      faq: {
        ...service.faq,
        ...sectionOf(values.faqSection, service.faq),
        items: values.faq.map((item) => ({ ...item.loaded, question: item.question, answer: richTextFrom(item.answer, item.loaded?.answer) })),
      },
      gallery: gallery
        ? { ...service.gallery, ...sectionOf(gallery, service.gallery), text: richTextFrom(gallery.text, service.gallery?.text), linkLabel: gallery.linkLabel }
        : null,
    };
  }
  const checked = documentSchemaFor(key).safeParse(document);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path.map(String).join("."));
      errors[field] ??= issue.message;
    }
  }
  return { document, errors };
}

/** The document's fields that are rich text or lists of lines: the form shows each as one textarea. */
const WHOLE_FIELDS = /^(.*?\.(?:intro|description|text|answer|summary|features|points))\..*$/;

/**
 * The form's field a path of the document names (the server's are prefixed with "document."): a
 * rich text or a list of lines is one field, whatever part of it is refused.
 */
export function fieldOf(path: string): string {
  return path
    .replace(/^document\./, "")
    .replace(WHOLE_FIELDS, "$1")
    .replace(/^(packages\.items\.\d+\.price)\.kind$/, "$1")
    .replace(/^hero\.picture(?:\.image.*)?$/, "hero.picture");
}

const each = <T>(rows: readonly T[], path: string, fields: readonly string[]) => rows.flatMap((_, index) => fields.map((field) => `${path}.${index}.${field}`));
const sectionFields = (path: string, values: SectionValues | null, more: readonly string[] = []) =>
  values ? ["label", "title", "intro", ...more].map((field) => `${path}.${field}`) : [];

/** The fields the form shows for these values, so an error elsewhere in the document is shown above it. */
export function shownFields(values: PageValues): Set<string> {
  const seo = ["seo.title", "seo.description"];
  if (values.kind === "home") {
    return new Set([
      ...seo,
      "hero.label",
      "hero.headline",
      "hero.intro",
      "hero.picture",
      "hero.picture.alt",
      ...each(values.stats, "hero.stats", ["value", "label"]),
      "missionProfiles.eyebrow",
      "missionProfiles.title",
      "missionProfiles.intro",
      "flightSystems.eyebrow",
      "flightSystems.title",
      "flightSystems.ctaLabel",
      ...each(values.flightSystems.items, "flightSystems.items", ["icon", "title", "text"]),
    ]);
  }
  const { equipment } = values;
  return new Set([
    ...seo,
    "navLabel",
    "hidden",
    "card.title",
    "card.subtitle",
    "card.description",
    ...each(values.card.specs, "card.specs", ["label", "value"]),
    "hero.eyebrow",
    "hero.headline",
    "hero.intro",
    "hero.picture",
    "hero.picture.alt",
    ...sectionFields("overview", values.overview),
    ...each(values.overview.items, "overview.items", ["icon", "title", "description", "points"]),
    ...sectionFields("protocol", values.protocol),
    ...each(values.protocol.steps, "protocol.steps", ["icon", "title", "description"]),
    ...sectionFields("applications", values.applications),
    ...each(values.applications.items, "applications.items", ["icon", "title", "description", "points"]),
    ...sectionFields("equipment", equipment, ["panelTitle", "text", "ctaLabel"]),
    ...each(equipment?.specs ?? [], "equipment.specs", ["label", "value"]),
    ...sectionFields("packages", values.packagesSection, ["ctaLabel"]),
    ...each(values.packages, "packages.items", ["name", "scope", "summary", "features", "price", "price.cents", "price.unit", "recommended"]),
    ...sectionFields("faq", values.faqSection),
    ...each(values.faq, "faq.items", ["question", "answer"]),
    ...sectionFields("gallery", values.gallery, ["text", "linkLabel"]),
  ]);
}
