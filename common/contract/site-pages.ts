import { z } from "zod";
import { homeDocumentSchema, serviceDocumentSchema } from "../site-pages";
import { id, isoDate, listOf, successMessageOf } from "./wire";

/** A page's content: the home page's model or a service page's (common/site-pages.ts). */
const pageDocumentSchema = z.union([homeDocumentSchema, serviceDocumentSchema]);

const revision = z.number().int().min(0);
const version = z.number().int().min(1);

/** Who did something to a page; null once that account is gone. */
const byWhom = z.object({ id, name: z.string() }).nullable();

/** A page as the back office lists it. */
const pageSummarySchema = z.object({
  key: z.string(),
  route: z.string(),
  kind: z.enum(["home", "service"]),
  /** One of SPEC's four pages, which every install has; the others were added by the business. */
  builtIn: z.boolean(),
  /** The draft's navigation label and hidden flag (a service page's); null for the home page. */
  navLabel: z.string().nullable(),
  hidden: z.boolean(),
  revision,
  /** The version visitors see; null when nothing was ever published (SPEC's pages then show their defaults, an added page is not on the site). */
  publishedVersion: version.nullable(),
  /** Whether the draft differs from what visitors see. */
  unpublishedChanges: z.boolean(),
  /** When the draft was last saved; null for a page never saved. */
  updatedAt: isoDate.nullable(),
});

/** GET /api/admin/pages: the home page, SPEC's service pages, then those the business added, oldest first. */
export const sitePageListSchema = listOf(pageSummarySchema);

/** GET /api/admin/pages/:key: the draft to edit with its revision, and what visitors see. */
export const sitePageSchema = z.object({
  key: z.string(),
  route: z.string(),
  builtIn: z.boolean(),
  draft: pageDocumentSchema,
  /** Send it back with the draft (PUT …/draft): it tells whether another admin saved in between. */
  revision,
  /** What visitors see: the published version's document, SPEC's default when nothing was published, null for an added page never published. */
  published: pageDocumentSchema.nullable(),
  publishedVersion: version.nullable(),
  updatedAt: isoDate.nullable(),
  updatedBy: byWhom,
});
export type SitePage = z.input<typeof sitePageSchema>;

/** PUT …/draft, POST …/publish, POST …/restore, POST /api/admin/pages: the toast's message and the page as it now stands. */
export const sitePageSavedSchema = successMessageOf(sitePageSchema);

/** GET /api/admin/pages/:key/versions: every published version, newest first, with who published it and when. */
export const sitePageVersionListSchema = listOf(
  z.object({
    version,
    publishedAt: isoDate,
    publishedBy: byWhom,
    /** The one visitors see now. */
    live: z.boolean(),
  }),
);

/** POST /api/admin/pages/:key/preview-link: a link to the draft anyone holding it may open until it expires. */
export const previewLinkSchema = z.object({ url: z.string(), expiresAt: isoDate });

/** GET /api/pages/preview/:token: the page's current draft, to render as the page would be. */
export const sitePagePreviewSchema = z.object({ key: z.string(), route: z.string(), document: pageDocumentSchema, expiresAt: isoDate });
/** As the client receives it: the document with its defaults filled in, the expiry as ISO text. */
export type SitePagePreview = Omit<z.output<typeof sitePagePreviewSchema>, "expiresAt"> & { expiresAt: string };

/** GET /api/pages/:key: what visitors see of a page. */
export const publicSitePageSchema = z.object({ key: z.string(), route: z.string(), version: version.nullable(), document: pageDocumentSchema });

/**
 * GET /api/pages: the service pages on the site in the navigation's order, and `version`, a number
 * that grows at every publish of any page: a copy of the pages made at one version is current while
 * it stays the same (docs/decisions/0061-site-pages.md).
 */
export const publicSitePagesSchema = z.object({
  version: z.number().int().min(0),
  services: z.array(z.object({ key: z.string(), route: z.string(), navLabel: z.string() })),
});
