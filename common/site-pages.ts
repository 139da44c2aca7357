// The public pages' own words as the owner edits them: one document per page, a draft and published
// versions (docs/decisions/0061-site-pages.md). The rules live here once, for the back office's editor,
// the API and the pages that render the documents.
import { z } from "zod";
import { isSingleLine, singleLineMessage } from "./field-rules";
import { MAX_TOTAL_CENTS } from "./money";
import { APP_ROUTES } from "./routes";
import { SITE_IMAGE_TOKEN } from "./site-images";
import { HOME_PAGE_KEY, PAGE_SCHEMA_VERSION } from "./site-page-keys";

/** How long a preview link works: long enough to send to a partner and hear back. */
export const PREVIEW_LINK_DAYS = 7;

/** The address a preview link opens in the browser; the page reads the draft from GET /api/pages/preview/:token. */
export const previewPagePath = (token: string) => `/preview/${token}`;

export const sitePageMessages = {
  notFound: (key: string) => `There is no page "${key}"`,
  notOnSite: (key: string) => `The page "${key}" is not on the site`,
  staleRevision: (sent: number, stored: number) =>
    `Another admin saved this page since you opened it (your copy is revision ${sent}, the page is at revision ${stored}): reload it to see their changes, then make yours again`,
  nothingToPublish: "The draft is the same as the published page: change something before publishing",
  versionNotFound: (version: number) => `This page has no published version ${version}`,
  versionUnreadable: (version: number, schemaVersion: unknown) =>
    `Version ${version} was written in a page format (${String(schemaVersion)}) this site cannot read; it cannot be restored`,
  versionNoLongerFits: (version: number, field: string, message: string) =>
    `Version ${version} no longer fits the page's model (${field}: ${message}); it cannot be restored`,
  versionPictureGone: (version: number) =>
    `Version ${version} shows a picture that has since been deleted; it cannot be restored: upload the picture again and choose it in the draft`,
  slug: "The address is 2 to 40 lowercase letters, digits and single hyphens, such as roof-inspections",
  slugTaken: (slug: string) => `The address /${slug} is already in use: choose another`,
  previewInvalid: "This preview link is not valid: ask for a new one",
  previewExpired: (at: Date) => `This preview link expired on ${at.toISOString()}: ask for a new one`,
  document: "document must be the page's content as an object",
  revision: "revision must be the page's revision as you loaded it, a whole number from 0",
  version: "version must be a published version's number, a whole number from 1",
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} is at most ${max} characters`,
  tooMany: (label: string, max: number) => `At most ${max} ${label}`,
  href: "A link goes to an address starting with https://, http://, mailto: or tel:, or to a page of this site starting with /",
  priceCents: "The price is money in whole cents from 0 to 99999999 (4500 is $45.00)",
} as const;

// ---- Text ----

/** A one-line plain text: trimmed; `required` refuses it empty. */
const plain = (label: string, max: number, { required = true } = {}) => {
  const text = z
    .string({ message: required ? sitePageMessages.required(label) : `${label} must be text` })
    .trim()
    .max(max, sitePageMessages.tooLong(label, max))
    .refine(isSingleLine, singleLineMessage(label));
  return required ? text.refine((value) => value !== "", sitePageMessages.required(label)) : text;
};

const LINK_PROTOCOLS = ["https:", "http:", "mailto:", "tel:"];

/**
 * A link's target: a web, mail or phone address, or a page of this site ("/solar-inspections#packages").
 * Nothing else: javascript:, data: and the like would run or load something when a visitor clicks.
 * "//host" is another site's address without a protocol, so it is not a page of this one.
 */
export function isSafeHref(href: string): boolean {
  if (href.startsWith("/")) return !href.startsWith("//") && !href.startsWith("/\\");
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  return LINK_PROTOCOLS.includes(url.protocol);
}

const href = z
  .string({ message: sitePageMessages.href })
  .trim()
  .max(500, sitePageMessages.tooLong("A link", 500))
  .refine((value) => isSingleLine(value) && isSafeHref(value), sitePageMessages.href);

/**
 * A piece of text with its marks. Not trimmed: the spaces between two runs are the text's. What
 * it holds is text, whatever it looks like: markup in it is shown as written, never run.
 */
const run = z.object({
  text: z
    .string({ message: "The text must be text" })
    .min(1, sitePageMessages.required("The text"))
    .max(2000, sitePageMessages.tooLong("A piece of text", 2000))
    .refine(isSingleLine, singleLineMessage("A paragraph")),
  emphasis: z.boolean().optional(),
  link: href.optional(),
});

const runs = z.array(run).min(1, sitePageMessages.required("The text")).max(50, sitePageMessages.tooMany("pieces of text", 50));

const paragraphBlock = z.object({ type: z.literal("paragraph"), runs });
const listBlock = z.object({
  type: z.literal("list"),
  ordered: z.boolean().default(false),
  items: z.array(runs).min(1, "A list has at least one item").max(30, sitePageMessages.tooMany("list items", 30)),
});

/**
 * Limited rich text as data, never as markup: paragraphs and lists of runs, each run plain text that
 * may be emphasised or a link. The pages render it with elements of their own, so nothing written
 * here can inject markup or script.
 */
const richText = z
  .array(z.discriminatedUnion("type", [paragraphBlock, listBlock]))
  .max(20, sitePageMessages.tooMany("paragraphs and lists", 20))
  .meta({ id: "RichText" });
export type RichText = z.output<typeof richText>;

// ---- Parts of a page ----

/**
 * The pictures a card may carry, by name (lucide's): the pages map each to its icon, so a
 * document names a picture and never holds one.
 */
const PAGE_ICONS = [
  "activity",
  "badge-check",
  "box",
  "brain-circuit",
  "building-2",
  "camera",
  "chart-column",
  "clapperboard",
  "clipboard-list",
  "cloud-sun",
  "cpu",
  "crosshair",
  "droplets",
  "file-text",
  "flame",
  "flask-conical",
  "gauge",
  "grape",
  "grid-3x3",
  "house",
  "layers",
  "leaf",
  "map",
  "map-pinned",
  "party-popper",
  "plane",
  "rocket",
  "scan-line",
  "shield-check",
  "sparkles",
  "sprout",
  "thermometer-sun",
  "tractor",
  "trees",
  "video",
  "wheat",
  "zap",
] as const;

const icon = z.enum(PAGE_ICONS, { message: `The icon is one of ${PAGE_ICONS.join(", ")}` });

/** A key figure: "Thermal range" and "-40°C to 2000°C". */
const spec = z.object({ label: plain("The figure's label", 60), value: plain("The figure's value", 80) });

/** A feature card, an application area or a detectable issue: its picture, name, text and a few points under it. */
const featureCard = z.object({
  icon,
  title: plain("The card's title", 80),
  description: richText,
  points: z.array(plain("A point", 160)).max(10, sitePageMessages.tooMany("points", 10)).default([]),
});

/** A step of a protocol. */
const step = z.object({ icon, title: plain("The step's title", 80), description: richText });

/**
 * A numbered section of a page: its eyebrow's label (also its anchor, lower-cased: #packages), its
 * title and intro. A section with no items is not shown.
 */
const sectionHead = {
  label: plain("The section's label", 40),
  title: plain("The section's title", 120),
  intro: richText,
};

const PRICE_KINDS = ["fixed", "from", "on-request"] as const;

/** The units the editor offers; any other word of up to 24 characters is taken too. */
const PRICE_UNITS = ["acre", "MWp", "hour", "flight", "image", "day", "project"] as const;

const priceCents = z
  .number({ message: sitePageMessages.priceCents })
  .int(sitePageMessages.priceCents)
  .min(0, sitePageMessages.priceCents)
  .max(MAX_TOTAL_CENTS, sitePageMessages.priceCents);

const priceUnitMessage = `The unit is one of ${PRICE_UNITS.join(", ")} or a word of your own, on one line and at most 24 characters`;
/** "" is a price for the whole package; else what it is counted in ("per acre"). */
const priceUnit = z.string({ message: priceUnitMessage }).trim().max(24, priceUnitMessage).refine(isSingleLine, priceUnitMessage).default("");

/**
 * A package's price in the business's currency: a price, a "from" price, or "on request". A
 * package without one (null) shows none, as SPEC's packages do.
 */
const price = z
  .discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("fixed"), cents: priceCents, unit: priceUnit }),
      z.object({ kind: z.literal("from"), cents: priceCents, unit: priceUnit }),
      z.object({ kind: z.literal("on-request") }),
    ],
    { message: `The price's kind is one of ${PRICE_KINDS.join(", ")}` },
  )
  .nullable()
  .default(null);

const servicePackage = z.object({
  name: plain("The package's name", 80),
  /** Who or what the package is for, in one line. */
  scope: plain("The package's scope", 120, { required: false }),
  summary: richText,
  /** What is included. */
  features: z.array(plain("What is included", 160)).max(12, sitePageMessages.tooMany("lines of what is included", 12)),
  price,
  recommended: z.boolean().default(false),
});

const faqItem = z.object({ question: plain("The question", 200), answer: richText });

/**
 * What search engines and shared links show of a page: its <title> and description. Either left
 * empty (or the part absent) shows the route's own (common/routes.ts), as SPEC's pages have.
 */
const pageSeo = z
  .object({
    title: plain("The page's title", 70, { required: false }),
    description: plain("The page's description", 200, { required: false }),
  })
  .optional();

/**
 * An uploaded picture in a page's hero (docs/decisions/0065-page-images.md): its public token and
 * its size, which the server takes from the upload's row at every save whatever the client sent, so
 * the pages render its <img> with width and height from the document alone. Its alt text says what it
 * shows, for those who cannot see it. Absent or null, the hero shows the site's illustration.
 */
const heroPicture = z
  .object({
    image: z.object(
      {
        token: z.string({ message: "The picture must be one uploaded here" }).regex(SITE_IMAGE_TOKEN, "The picture must be one uploaded here"),
        width: z.number().int().min(1).max(100_000),
        height: z.number().int().min(1).max(100_000),
      },
      { message: "The picture must be one uploaded here" },
    ),
    alt: plain("The picture's description", 200),
  })
  .nullish()
  .meta({ id: "HeroPicture" });
export type HeroPicture = NonNullable<z.output<typeof heroPicture>>;

// ---- The documents ----

const schemaVersion = z.literal(PAGE_SCHEMA_VERSION, { message: `schemaVersion is ${PAGE_SCHEMA_VERSION}` });

/** The home page (docs/product.md §2, Home). Its Mission Profiles cards are the service pages' own `card`s, in the navigation's order. */
export const homeDocumentSchema = z
  .object({
    schemaVersion,
    seo: pageSeo,
    hero: z.object({
      label: plain("The hero's label", 80, { required: false }),
      headline: plain("The headline", 80),
      intro: richText,
      stats: z
        .array(z.object({ value: plain("The stat's value", 12), label: plain("The stat's label", 60) }))
        .max(4, sitePageMessages.tooMany("stats", 4))
        .default([]),
      picture: heroPicture,
    }),
    missionProfiles: z.object({
      eyebrow: plain("The section's label", 40, { required: false }),
      title: plain("The section's title", 120),
      intro: richText,
    }),
    flightSystems: z.object({
      eyebrow: plain("The section's label", 40, { required: false }),
      title: plain("The section's title", 120),
      items: z.array(z.object({ icon, title: plain("The system's name", 80), text: richText })).max(6, sitePageMessages.tooMany("systems", 6)),
      ctaLabel: plain("The button's label", 40),
    }),
  })
  .meta({ id: "HomePageDocument" });
export type HomeDocument = z.output<typeof homeDocumentSchema>;

/**
 * A service page (docs/product.md §2): SPEC's three and any the business adds share it. Its parts
 * render in this order; a section with nothing in it, or null, is not shown.
 */
export const serviceDocumentSchema = z
  .object({
    schemaVersion,
    seo: pageSeo,
    /** Its item in the header's navigation. */
    navLabel: plain("The navigation label", 24),
    /** Off the site: no route, no navigation item, no card on the home page; the draft stays editable. */
    hidden: z.boolean().default(false),
    /** Its card in the home page's Mission Profiles; its figures also stand under the page's intro. */
    card: z.object({
      title: plain("The card's title", 80),
      subtitle: plain("The card's subtitle", 80, { required: false }),
      description: richText,
      specs: z.array(spec).max(6, sitePageMessages.tooMany("figures", 6)),
    }),
    hero: z.object({
      eyebrow: plain("The hero's label", 80, { required: false }),
      headline: plain("The headline", 120),
      intro: richText,
      picture: heroPicture,
    }),
    overview: z.object({ ...sectionHead, items: z.array(featureCard).max(12, sitePageMessages.tooMany("feature cards", 12)) }),
    protocol: z.object({ ...sectionHead, steps: z.array(step).max(8, sitePageMessages.tooMany("steps", 8)) }),
    /** Application areas, or the issues an inspection detects. */
    applications: z.object({ ...sectionHead, items: z.array(featureCard).max(12, sitePageMessages.tooMany("cards", 12)) }),
    /** The equipment panel with its call to action (photography's). */
    equipment: z
      .object({
        ...sectionHead,
        panelTitle: plain("The panel's title", 80),
        text: richText,
        specs: z.array(spec).max(8, sitePageMessages.tooMany("figures", 8)),
        ctaLabel: plain("The button's label", 40),
      })
      .nullable()
      .default(null),
    packages: z.object({
      ...sectionHead,
      /** The label of each package's button to the contact section. */
      ctaLabel: plain("The button's label", 40),
      items: z.array(servicePackage).max(6, sitePageMessages.tooMany("packages", 6)),
    }),
    faq: z.object({ ...sectionHead, items: z.array(faqItem).max(30, sitePageMessages.tooMany("questions", 30)) }),
    /** The pointer to the public gallery (photography's). */
    gallery: z
      .object({ ...sectionHead, text: richText, linkLabel: plain("The link's label", 40) })
      .nullable()
      .default(null),
  })
  .meta({ id: "ServicePageDocument" });
export type ServiceDocument = z.output<typeof serviceDocumentSchema>;

export type PageDocument = HomeDocument | ServiceDocument;

/** The model a page's document follows: the home page's, or a service page's. */
export const documentSchemaFor = (key: string) => (key === HOME_PAGE_KEY ? homeDocumentSchema : serviceDocumentSchema);

/**
 * A stored document (a published version being restored, a draft read back) as the current model
 * reads it, or why it cannot be. A model change that renames or moves fields bumps
 * PAGE_SCHEMA_VERSION and adds here the step that carries the previous version's documents over;
 * until then a document of any other version is refused with the reason, never shown half-read.
 */
export function readPageDocument(
  key: string,
  stored: unknown,
):
  | { ok: true; document: PageDocument }
  | { ok: false; reason: "unknown-version"; schemaVersion: unknown }
  | { ok: false; reason: "invalid"; field: string; message: string } {
  const storedVersion = typeof stored === "object" && stored !== null ? (stored as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (storedVersion !== PAGE_SCHEMA_VERSION) return { ok: false, reason: "unknown-version", schemaVersion: storedVersion };
  const parsed = documentSchemaFor(key).safeParse(stored);
  if (parsed.success) return { ok: true, document: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, reason: "invalid", field: issue.path.map(String).join(".") || "document", message: issue.message };
}

// ---- Requests ----

const revision = z.number({ message: sitePageMessages.revision }).int(sitePageMessages.revision).min(0, sitePageMessages.revision).max(2_147_483_647);

/**
 * PUT /api/admin/pages/:key/draft: the whole document and the revision it was loaded at; a
 * revision another admin has since moved on answers 409 (docs/decisions/0061-site-pages.md). The
 * document is checked against its page's model by the server, which names the field.
 */
export const draftInputSchema = z.object({
  revision,
  document: z.record(z.string(), z.unknown(), { message: sitePageMessages.document }),
});

/** POST /api/admin/pages/:key/publish: optionally the revision the admin reviewed, so a draft changed since is not published unseen. */
export const publishInputSchema = z.object({ revision: revision.optional() }).optional();

/** POST /api/admin/pages/:key/restore: the version to put back into the draft, and optionally the revision the admin is looking at. */
export const restoreInputSchema = z.object({
  version: z.number({ message: sitePageMessages.version }).int(sitePageMessages.version).min(1, sitePageMessages.version).max(2_147_483_647),
  revision: revision.optional(),
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses a new page may not take: each first segment of the app's routes ("login", "admin"),
 * the API, the built files, the preview pages and the home page's key.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...APP_ROUTES.map((route) => route.split("/")[1]!).filter(Boolean),
  "api",
  "assets",
  "preview",
  HOME_PAGE_KEY,
]);

/** POST /api/admin/pages: a new service page at /<slug>, with its navigation label. */
export const newServicePageSchema = z.object({
  slug: z
    .string({ message: sitePageMessages.slug })
    .trim()
    .min(2, sitePageMessages.slug)
    .max(40, sitePageMessages.slug)
    .refine((value) => SLUG.test(value), sitePageMessages.slug),
  navLabel: plain("The navigation label", 24),
});
export type NewServicePage = z.input<typeof newServicePageSchema>;
