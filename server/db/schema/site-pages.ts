import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

// The public pages' own words (docs/decisions/0061-site-pages.md): a draft per page and every
// published version. SPEC's four pages have no row until first saved or published; until then their
// draft and their published content are the defaults of common/site-page-defaults.ts.

/** A page's draft. The key is its route without the slash ("home" for /). */
export const sitePages = pgTable(
  "site_pages",
  {
    key: text("key").primaryKey(),
    /** The draft document, as the page's model of common/site-pages.ts reads it. */
    draft: jsonb("draft").notNull(),
    /** Counts the draft's saves: a save sent from an older one is refused, so two admins never overwrite each other unseen. */
    revision: integer("revision").notNull().default(0),
    /** Who saved the draft last; kept when that account goes. */
    draftUpdatedBy: integer("draft_updated_by").references(() => users.id, { onDelete: "set null" }),
    draftUpdatedAt: timestamp("draft_updated_at", { withTimezone: true }),
    /** The version visitors see; null until the first publish. */
    publishedVersion: integer("published_version"),
    createdAt: createdAt(),
  },
  (table) => [check("site_pages_revision_check", sql`${table.revision} >= 0`)],
);

/** Every published version of a page, kept for good so that any one can be restored. */
export const sitePageVersions = pgTable(
  "site_page_versions",
  {
    id: serial("id").primaryKey(),
    key: text("key")
      .notNull()
      .references(() => sitePages.key, { onDelete: "cascade" }),
    /** 1, 2, 3… per page. */
    version: integer("version").notNull(),
    document: jsonb("document").notNull(),
    publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("site_page_versions_key_version").on(table.key, table.version), check("site_page_versions_version_check", sql`${table.version} >= 1`)],
);

/** Numbers each write of a rendered page: the greatest one names the rendered pages' state, which instances poll (docs/decisions/0064-pages-rendered-at-publish.md). */
export const renderedPagesGeneration = pgSequence("rendered_pages_generation");

/**
 * The prerendered HTML of each route as the business's settings and published pages make it,
 * written by the render task after a publish or a settings save and read by every instance, so no
 * instance renders at request time and none needs another's disk. A route without a row is served
 * as the build rendered it.
 */
export const renderedPages = pgTable(
  "rendered_pages",
  {
    /** "/", "/solar-inspections", a page the business added ("/roof-inspections"), or "404". */
    route: text("route").primaryKey(),
    /** 200, or 404 for a service page that is hidden: its address then shows the not-found page. */
    status: integer("status").notNull().default(200),
    /** The page with its site configuration and documents in it; the public origin still a marker the server replaces. */
    html: text("html").notNull(),
    /** A hash of everything the page was made from: the render task renders a route again only when it changes. */
    fingerprint: text("fingerprint").notNull(),
    /** The settings' version and the pages' publish count it was made from: a render made from older ones never overwrites it. */
    settingsVersion: integer("settings_version").notNull(),
    pagesVersion: integer("pages_version").notNull(),
    generation: bigint("generation", { mode: "number" }).notNull(),
    renderedAt: timestamp("rendered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("rendered_pages_generation_idx").on(table.generation)],
);
