import type { HomeDocument, ServiceDocument } from "@common/site-pages";
import { documentSchemaFor } from "@common/site-pages";
import { dollarsText } from "../estimates/estimate-form";
import { centsFromDollars, DOLLARS_MESSAGE } from "../money-input";
import { printMarkup, richTextFrom } from "./rich-text-markup";

type ServicePackage = ServiceDocument["packages"]["items"][number];
type FaqItem = ServiceDocument["faq"]["items"][number];

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
  /** What is included, a line each. */
  features: string;
  price: PriceChoice;
  /** Dollars, as typed. */
  amount: string;
  unit: string;
  recommended: boolean;
  /** The package as loaded: what the form does not show is sent back from it. */
  loaded?: ServicePackage;
}

export interface FaqValues {
  question: string;
  /** Paragraphs separated by blank lines. */
  answer: string;
  loaded?: FaqItem;
}

export interface HomeValues {
  kind: "home";
  label: string;
  headline: string;
  intro: string;
  stats: { value: string; label: string }[];
}

export interface ServiceValues {
  kind: "service";
  eyebrow: string;
  headline: string;
  intro: string;
  packages: PackageValues[];
  faq: FaqValues[];
}

export type PageValues = HomeValues | ServiceValues;

const isHome = (key: string, _document: HomeDocument | ServiceDocument): _document is HomeDocument => key === "home";

const packageValues = (item: ServicePackage): PackageValues => ({
  name: item.name,
  features: item.features.join("\n"),
  price: item.price?.kind ?? "none",
  amount: item.price && item.price.kind !== "on-request" ? dollarsText(item.price.cents) : "",
  unit: item.price && item.price.kind !== "on-request" ? item.price.unit : "",
  recommended: item.recommended,
  loaded: item,
});

export const emptyPackage = (): PackageValues => ({ name: "", features: "", price: "none", amount: "", unit: "", recommended: false });
export const emptyQuestion = (): FaqValues => ({ question: "", answer: "" });

/** The form's values for a page's loaded draft. */
export function valuesOf(key: string, draft: HomeDocument | ServiceDocument): PageValues {
  if (isHome(key, draft)) {
    const { hero } = draft;
    return { kind: "home", label: hero.label, headline: hero.headline, intro: printMarkup(hero.intro), stats: hero.stats.map((stat) => ({ ...stat })) };
  }
  const service = draft as ServiceDocument;
  return {
    kind: "service",
    eyebrow: service.hero.eyebrow,
    headline: service.hero.headline,
    intro: printMarkup(service.hero.intro),
    packages: service.packages.items.map(packageValues),
    faq: service.faq.items.map((item) => ({ question: item.question, answer: printMarkup(item.answer), loaded: item })),
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
    ...(values.loaded ?? { scope: "", summary: [] }),
    name: values.name,
    features: lines(values.features),
    price,
    recommended: values.recommended,
  };
}

/**
 * The draft to send: the loaded document with the form's fields put in, everything the form does
 * not show kept as loaded. Checked with the server's own model (common/site-pages.ts): `errors`
 * names each field that does not fit, and nothing should be sent while it has any.
 */
export function documentOf(key: string, loaded: HomeDocument | ServiceDocument, values: PageValues): { document: unknown; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let document: HomeDocument | ServiceDocument;
  if (values.kind === "home") {
    const home = loaded as HomeDocument;
    document = {
      ...home,
      hero: { ...home.hero, label: values.label, headline: values.headline, intro: richTextFrom(values.intro, home.hero.intro), stats: values.stats },
    };
  } else {
    const service = loaded as ServiceDocument;
    document = {
      ...service,
      hero: { ...service.hero, eyebrow: values.eyebrow, headline: values.headline, intro: richTextFrom(values.intro, service.hero.intro) },
      packages: { ...service.packages, items: values.packages.map((item, index) => packageOf(item, `packages.items.${index}`, errors)) },
      faq: {
        ...service.faq,
        items: values.faq.map((item) => ({ ...item.loaded, question: item.question, answer: richTextFrom(item.answer, item.loaded?.answer) })),
      },
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

/**
 * The form's field a path of the document names (the server's are prefixed with "document."): a
 * rich text or a list of lines is one field, whatever part of it is refused.
 */
export function fieldOf(path: string): string {
  return path
    .replace(/^document\./, "")
    .replace(/^((?:hero\.intro|faq\.items\.\d+\.answer|packages\.items\.\d+\.(?:summary|features)))\..*$/, "$1")
    .replace(/^(packages\.items\.\d+\.price)\.kind$/, "$1");
}

/** The fields the form shows for these values, so an error elsewhere in the document is shown above it. */
export function shownFields(values: PageValues): Set<string> {
  if (values.kind === "home") {
    return new Set([
      "hero.label",
      "hero.headline",
      "hero.intro",
      ...values.stats.flatMap((_, index) => [`hero.stats.${index}.value`, `hero.stats.${index}.label`]),
    ]);
  }
  return new Set([
    "hero.eyebrow",
    "hero.headline",
    "hero.intro",
    ...values.packages.flatMap((_, index) =>
      ["name", "features", "price", "price.cents", "price.unit", "recommended"].map((field) => `packages.items.${index}.${field}`),
    ),
    ...values.faq.flatMap((_, index) => [`faq.items.${index}.question`, `faq.items.${index}.answer`]),
  ]);
}
