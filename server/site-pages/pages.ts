import { and, asc, desc, eq, max, sql } from "drizzle-orm";
import type { z } from "zod";
import type { sitePageSchema, sitePageVersionListSchema } from "@common/contract/site-pages";
import { personName } from "@common/person-name";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES, newServicePageTemplate } from "@common/site-page-defaults";
import { BUILT_IN_SERVICE_KEYS, HOME_PAGE_KEY, pageRoute } from "@common/site-page-keys";
import {
  documentSchemaFor,
  type HomeDocument,
  type NewServicePage,
  type PageDocument,
  type ServiceDocument,
  RESERVED_SLUGS,
  readPageDocument,
  sitePageMessages,
} from "@common/site-pages";
import { siteImageMessages } from "@common/site-images";
import { fieldErrorsOf } from "@common/validation";
import type { Database } from "../db/client";
import { siteImages, sitePages, sitePageVersions, users } from "../db/schema";
import { DomainError } from "../domain-errors";

// The public pages' drafts and published versions (docs/decisions/0061-site-pages.md). SPEC's four
// pages exist on every install: until a row is written for one, its draft and its published content
// are its default. A page the business adds has a row from the start, and is on the site once published.

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type PageRow = typeof sitePages.$inferSelect;
type SitePageOut = z.output<typeof sitePageSchema>;

const BUILT_IN_KEYS: readonly string[] = [HOME_PAGE_KEY, ...BUILT_IN_SERVICE_KEYS];
const isBuiltIn = (key: string) => BUILT_IN_KEYS.includes(key);

/** SPEC's words for one of its pages; undefined for a page the business added. */
function defaultOf(key: string): PageDocument | undefined {
  return key === HOME_PAGE_KEY ? DEFAULT_HOME : DEFAULT_SERVICE_PAGES[key];
}

/**
 * A stored document as the current model reads it. The API writes only documents that fit, so this
 * is for one written under an older model: rather than show it half-read, the page shows its default
 * (an added page, its empty template) until the owner saves it again.
 */
function storedDocument(key: string, stored: unknown): PageDocument {
  const read = readPageDocument(key, stored);
  if (read.ok) return read.document;
  return defaultOf(key) ?? newServicePageTemplate(key);
}

const sameDocument = (a: PageDocument | null, b: PageDocument | null) => JSON.stringify(a) === JSON.stringify(b);

const isHidden = (document: PageDocument) => "hidden" in document && document.hidden;

async function rowOf(db: Database | Tx, key: string, lock = false): Promise<PageRow | undefined> {
  const query = db.select().from(sitePages).where(eq(sitePages.key, key));
  return (lock ? await query.for("update") : await query)[0];
}

/** The page's row, or nothing for one of SPEC's pages never written; 404 for a key that names no page. */
async function existingPage(db: Database | Tx, key: string, lock = false): Promise<PageRow | undefined> {
  const row = await rowOf(db, key, lock);
  if (!row && !isBuiltIn(key)) throw new DomainError("not-found", sitePageMessages.notFound(key));
  return row;
}

/** The page's row, written with its default as the draft first if it had none (one of SPEC's pages), locked for this transaction. */
async function lockedRow(tx: Tx, key: string): Promise<PageRow> {
  const existing = await existingPage(tx, key, true);
  if (existing) return existing;
  await tx
    .insert(sitePages)
    .values({ key, draft: defaultOf(key)! })
    .onConflictDoNothing();
  return (await rowOf(tx, key, true))!;
}

/** What visitors see of a page: its published version, SPEC's default for one of its pages never published, or null. */
async function publishedOf(db: Database | Tx, key: string, row: PageRow | undefined): Promise<PageDocument | null> {
  if (!row || row.publishedVersion === null) return defaultOf(key) ?? null;
  const [stored] = await db
    .select({ document: sitePageVersions.document })
    .from(sitePageVersions)
    .where(and(eq(sitePageVersions.key, key), eq(sitePageVersions.version, row.publishedVersion)));
  return stored ? storedDocument(key, stored.document) : (defaultOf(key) ?? null);
}

async function nameOf(db: Database, userId: number | null): Promise<{ id: number; name: string } | null> {
  if (userId === null) return null;
  const [user] = await db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return user ? { id: userId, name: personName(user) } : null;
}

/** GET /api/admin/pages/:key: the draft with its revision, and what visitors see. */
export async function sitePage(db: Database, key: string): Promise<SitePageOut> {
  const row = await existingPage(db, key);
  return {
    key,
    route: pageRoute(key),
    builtIn: isBuiltIn(key),
    draft: row ? storedDocument(key, row.draft) : defaultOf(key)!,
    revision: row?.revision ?? 0,
    published: await publishedOf(db, key, row),
    publishedVersion: row?.publishedVersion ?? null,
    updatedAt: row?.draftUpdatedAt ?? null,
    updatedBy: await nameOf(db, row?.draftUpdatedBy ?? null),
  };
}

/** Every page: SPEC's four in the navigation's order, then those the business added, oldest first. */
async function allPages(db: Database | Tx): Promise<{ key: string; row: PageRow | undefined; draft: PageDocument; published: PageDocument | null }[]> {
  const rows = await db
    .select({ page: sitePages, published: sitePageVersions.document })
    .from(sitePages)
    .leftJoin(sitePageVersions, and(eq(sitePageVersions.key, sitePages.key), eq(sitePageVersions.version, sitePages.publishedVersion)))
    .orderBy(asc(sitePages.createdAt), asc(sitePages.key));
  const byKey = new Map(rows.map((entry) => [entry.page.key, entry]));
  const added = rows.map((entry) => entry.page.key).filter((key) => !isBuiltIn(key));
  return [...BUILT_IN_KEYS, ...added].map((key) => {
    const entry = byKey.get(key);
    const draft = entry ? storedDocument(key, entry.page.draft) : defaultOf(key)!;
    const published = entry?.published ? storedDocument(key, entry.published) : entry && entry.page.publishedVersion !== null ? null : (defaultOf(key) ?? null);
    return { key, row: entry?.page, draft, published };
  });
}

/** GET /api/admin/pages. */
export async function sitePageSummaries(db: Database) {
  return (await allPages(db)).map(({ key, row, draft, published }) => ({
    key,
    route: pageRoute(key),
    kind: key === HOME_PAGE_KEY ? ("home" as const) : ("service" as const),
    builtIn: isBuiltIn(key),
    navLabel: "navLabel" in draft ? draft.navLabel : null,
    hidden: isHidden(draft),
    revision: row?.revision ?? 0,
    publishedVersion: row?.publishedVersion ?? null,
    unpublishedChanges: !sameDocument(draft, published),
    updatedAt: row?.draftUpdatedAt ?? null,
  }));
}

/** The document as the page's model reads it, or 400 naming each field that does not fit ("document.hero.headline"); nothing is saved. */
function checkedDocument(key: string, document: unknown): PageDocument {
  const parsed = documentSchemaFor(key).safeParse(document);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error.issues.map((issue) => ({ ...issue, path: ["document", ...issue.path] })));
  throw new DomainError("invalid", Object.values(errors)[0]!, errors);
}

/**
 * The document with its hero's picture sized from the upload's own row, whatever size the client
 * sent (the pages render its width and height from the document alone). A picture no longer
 * uploaded is refused by `refuse`. The row is locked for share until the transaction ends, so a
 * delete of the picture waits for the save and then sees the page using it
 * (server/site-images/site-images.ts).
 */
async function withStoredPicture<Document extends PageDocument>(tx: Tx, document: Document, refuse: () => DomainError): Promise<Document> {
  const picture = document.hero.picture;
  if (!picture) return document;
  const [row] = await tx
    .select({ width: siteImages.width, height: siteImages.height })
    .from(siteImages)
    .where(eq(siteImages.token, picture.image.token))
    .for("share");
  if (!row) throw refuse();
  return { ...document, hero: { ...document.hero, picture: { ...picture, image: { token: picture.image.token, width: row.width, height: row.height } } } };
}

const pictureGone = () => new DomainError("invalid", siteImageMessages.gone, { "document.hero.picture.image": siteImageMessages.gone });

function checkRevision(row: PageRow, sent: number | undefined): void {
  if (sent !== undefined && sent !== row.revision) {
    const message = sitePageMessages.staleRevision(sent, row.revision);
    throw new DomainError("conflict", message, { revision: message });
  }
}

/** Writes the draft over the locked row, one revision on. */
async function writeDraft(tx: Tx, key: string, draft: PageDocument, actorId: number): Promise<void> {
  await tx
    .update(sitePages)
    .set({ draft, revision: sql`${sitePages.revision} + 1`, draftUpdatedBy: actorId, draftUpdatedAt: new Date() })
    .where(eq(sitePages.key, key));
}

/** PUT /api/admin/pages/:key/draft: the new draft, if the admin's copy is still the stored revision (else 409: another admin saved in between). */
export async function saveDraft(db: Database, actorId: number, key: string, input: { revision: number; document: unknown }): Promise<SitePageOut> {
  await existingPage(db, key);
  const checked = checkedDocument(key, input.document);
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, key);
    checkRevision(row, input.revision);
    await writeDraft(tx, key, await withStoredPicture(tx, checked, pictureGone), actorId);
  });
  return sitePage(db, key);
}

/**
 * POST /api/admin/pages/:key/publish: the draft becomes the page's next version, live on every
 * instance at once (each reads the page at use). A draft the same as what visitors see is refused
 * (409), so that each version in the history is a change.
 */
export async function publishPage(db: Database, actorId: number, key: string, revision: number | undefined): Promise<{ page: SitePageOut; version: number }> {
  const version = await db.transaction(async (tx) => {
    const row = await lockedRow(tx, key);
    checkRevision(row, revision);
    const draft = storedDocument(key, row.draft);
    if (sameDocument(draft, await publishedOf(tx, key, row))) throw new DomainError("conflict", sitePageMessages.nothingToPublish);
    const [latest] = await tx
      .select({ version: max(sitePageVersions.version) })
      .from(sitePageVersions)
      .where(eq(sitePageVersions.key, key));
    const next = (latest?.version ?? 0) + 1;
    await tx.insert(sitePageVersions).values({ key, version: next, document: draft, publishedBy: actorId });
    await tx.update(sitePages).set({ publishedVersion: next }).where(eq(sitePages.key, key));
    return next;
  });
  return { page: await sitePage(db, key), version };
}

/** GET /api/admin/pages/:key/versions: newest first. */
export async function pageVersions(db: Database, key: string): Promise<z.output<typeof sitePageVersionListSchema>["data"]> {
  const row = await existingPage(db, key);
  const rows = await db
    .select({
      version: sitePageVersions.version,
      publishedAt: sitePageVersions.publishedAt,
      publishedBy: sitePageVersions.publishedBy,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(sitePageVersions)
    .leftJoin(users, eq(users.id, sitePageVersions.publishedBy))
    .where(eq(sitePageVersions.key, key))
    .orderBy(desc(sitePageVersions.version));
  return rows.map(({ version, publishedAt, publishedBy, username, firstName, lastName }) => ({
    version,
    publishedAt,
    publishedBy:
      publishedBy !== null && username !== null
        ? { id: publishedBy, name: personName({ username, firstName: firstName ?? "", lastName: lastName ?? "" }) }
        : null,
    live: version === row?.publishedVersion,
  }));
}

/**
 * POST /api/admin/pages/:key/restore: a published version back into the draft, one revision on;
 * publishing makes it live. A version the current model cannot read is refused with the reason (409).
 */
export async function restoreVersion(
  db: Database,
  actorId: number,
  key: string,
  input: { version: number; revision?: number | undefined },
): Promise<SitePageOut> {
  await existingPage(db, key);
  const [stored] = await db
    .select({ document: sitePageVersions.document })
    .from(sitePageVersions)
    .where(and(eq(sitePageVersions.key, key), eq(sitePageVersions.version, input.version)));
  if (!stored)
    throw new DomainError("not-found", sitePageMessages.versionNotFound(input.version), { version: sitePageMessages.versionNotFound(input.version) });
  const read = readPageDocument(key, stored.document);
  if (!read.ok) {
    const message =
      read.reason === "unknown-version"
        ? sitePageMessages.versionUnreadable(input.version, read.schemaVersion)
        : sitePageMessages.versionNoLongerFits(input.version, read.field, read.message);
    throw new DomainError("conflict", message, { version: message });
  }
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, key);
    checkRevision(row, input.revision);
    const restored = await withStoredPicture(tx, read.document, () => {
      const message = sitePageMessages.versionPictureGone(input.version);
      return new DomainError("conflict", message, { version: message });
    });
    await writeDraft(tx, key, restored, actorId);
  });
  return sitePage(db, key);
}

/** POST /api/admin/pages: a new service page at /<slug>, its draft the empty template; on the site once published. */
export async function addServicePage(db: Database, actorId: number, input: NewServicePage): Promise<SitePageOut> {
  const taken = () => {
    const message = sitePageMessages.slugTaken(input.slug);
    return new DomainError("conflict", message, { slug: message });
  };
  if (RESERVED_SLUGS.has(input.slug) || isBuiltIn(input.slug)) throw taken();
  const created = await db
    .insert(sitePages)
    .values({ key: input.slug, draft: newServicePageTemplate(input.navLabel), draftUpdatedBy: actorId, draftUpdatedAt: new Date() })
    .onConflictDoNothing()
    .returning({ key: sitePages.key });
  if (created.length === 0) throw taken();
  return sitePage(db, input.slug);
}

/**
 * Where each uploaded picture is used: every page whose draft or live version shows it in its hero.
 * Older versions are not counted: restoring one whose picture has since been deleted is refused.
 */
export async function picturesInUse(db: Database | Tx): Promise<{ token: string; key: string; route: string; draft: boolean; published: boolean }[]> {
  const uses: { token: string; key: string; route: string; draft: boolean; published: boolean }[] = [];
  for (const { key, draft, published } of await allPages(db)) {
    const inDraft = draft.hero.picture?.image.token;
    const inPublished = published?.hero.picture?.image.token;
    for (const token of new Set([inDraft, inPublished])) {
      if (token) uses.push({ token, key, route: pageRoute(key), draft: token === inDraft, published: token === inPublished });
    }
  }
  return uses;
}

/** GET /api/pages/preview/:token's page: the current draft. */
export async function draftOf(db: Database, key: string): Promise<PageDocument> {
  const row = await existingPage(db, key);
  return row ? storedDocument(key, row.draft) : defaultOf(key)!;
}

/** GET /api/pages/:key: what visitors see; 404 for a page not on the site (never published, or hidden). */
export async function publicPage(db: Database, key: string): Promise<{ key: string; route: string; version: number | null; document: PageDocument }> {
  const row = await rowOf(db, key);
  const document = row || isBuiltIn(key) ? await publishedOf(db, key, row) : null;
  if (!document || isHidden(document)) throw new DomainError("not-found", sitePageMessages.notOnSite(key));
  return { key, route: pageRoute(key), version: row?.publishedVersion ?? null, document };
}

/**
 * A number that grows at every publish of any page: how many versions were ever published (none is
 * ever deleted), as the sum of each page's live version number (a publish makes it the page's newest
 * plus one, under the page's row lock). Pages rendered from the published documents at one number
 * are current while it stays. Read on every public page request, so it sums the one row per page
 * rather than counting the versions, which grow with every publish; and summed rather than the
 * newest version row's id, which two publishes committing out of order would leave unchanged by the
 * later commit.
 */
async function publishedPagesVersion(db: Database): Promise<number> {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${sitePages.publishedVersion}), 0)`.mapWith(Number) }).from(sitePages);
  return row?.total ?? 0;
}

/** What visitors see of every page, as the rendered pages show it (server/site/page-plan.ts). */
export interface PublishedSite {
  /** How many versions were ever published, of any page: 0 while every page shows its default. */
  version: number;
  home: HomeDocument;
  /** The service pages on the site (not hidden; an added one once published), in the navigation's order. */
  services: { key: string; document: ServiceDocument }[];
}

/**
 * The published pages. The count is read first: a publish committing in between makes the documents
 * newer than the count says, never older, so what is made from them is never taken for newer than it is.
 */
export async function publishedSite(db: Database): Promise<PublishedSite> {
  const version = await publishedPagesVersion(db);
  const pages = await allPages(db);
  const home = pages.find(({ key }) => key === HOME_PAGE_KEY)?.published;
  const services = pages.flatMap(({ key, published }) =>
    key !== HOME_PAGE_KEY && published && "navLabel" in published && !published.hidden ? [{ key, document: published }] : [],
  );
  return { version, home: home && !("navLabel" in home) ? home : DEFAULT_HOME, services };
}

/** GET /api/pages: the service pages on the site, in the navigation's order, and the published pages' version. */
export async function publicPages(db: Database): Promise<{ version: number; services: { key: string; route: string; navLabel: string }[] }> {
  const pages = await allPages(db);
  const services = pages.flatMap(({ key, published }) =>
    published && "navLabel" in published && !published.hidden ? [{ key, route: pageRoute(key), navLabel: published.navLabel }] : [],
  );
  return { version: await publishedPagesVersion(db), services };
}

/**
 * Every page with a stored row, for the sitemap: its route, whether it is on the site, and when its
 * live version was published (null before its first publish). One query, the versions table joined
 * by its key for the live version alone, and only its hidden flag read out of the document. A page
 * without a row is one of SPEC's, on the site with its default and no date.
 */
export async function sitemapPages(db: Database): Promise<{ route: string; onSite: boolean; publishedAt: Date | null }[]> {
  const rows = await db
    .select({
      key: sitePages.key,
      publishedVersion: sitePages.publishedVersion,
      publishedAt: sitePageVersions.publishedAt,
      hidden: sql<boolean>`coalesce((${sitePageVersions.document} ->> 'hidden') = 'true', false)`.mapWith(Boolean),
    })
    .from(sitePages)
    .leftJoin(sitePageVersions, and(eq(sitePageVersions.key, sitePages.key), eq(sitePageVersions.version, sitePages.publishedVersion)));
  return rows.map(({ key, publishedVersion, publishedAt, hidden }) => ({
    route: pageRoute(key),
    onSite: !hidden && (publishedVersion !== null || isBuiltIn(key)),
    publishedAt: publishedVersion === null ? null : publishedAt,
  }));
}
