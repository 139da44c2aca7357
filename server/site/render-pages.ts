import { and, inArray, lte, sql } from "drizzle-orm";
import type { SiteConfig } from "@common/site";
import type { Database } from "../db/client";
import { renderedPages } from "../db/schema";
import { publishedSite } from "../site-pages/pages";
import { type PlannedPage, pageFingerprint, planPages } from "./page-plan";
import type { PageRenderer } from "./page-renderer";

/** The business's details as the pages show them, and the settings' version they come from. */
export interface SiteNow {
  site: SiteConfig;
  settingsVersion: number;
}

interface RenderOutcome {
  /** The routes rendered again. */
  rendered: string[];
  /** The routes no longer on the site whose rendered page was dropped (a page the business added, then hid). */
  removed: string[];
}

/** Brings the rendered pages up to date: what the render task and a starting server run. */
export type RenderStalePages = () => Promise<RenderOutcome>;

/**
 * Renders again each page whose inputs (the settings it shows, the published pages it carries, the
 * build) differ from those it was last rendered from, the build's own pages counting as rendered
 * from SPEC's details and default documents, and stores them in rendered_pages for every instance
 * to serve (docs/decisions/0064-pages-rendered-at-publish.md). Safe to run at any time, on any
 * instance, any number of times at once: a run that read older settings or pages than the stored
 * page was made from writes nothing over it.
 */
export function renderStalePagesWith(db: Database, renderer: PageRenderer, siteNow: () => Promise<SiteNow>): RenderStalePages {
  const builtFingerprints = new Map(
    renderer.builtRoutes.map((route) => [route, pageFingerprint(renderer.buildId, route, 200, renderer.manifest.site, null)] as const),
  );
  return async () => {
    // Settings and pages are read before the stored pages: a write racing this run is then newer than what this run renders from, and is never overwritten by it.
    const { site, settingsVersion } = await siteNow();
    const published = await publishedSite(db);
    const pagesVersion = published.version;
    // A page made from settings or pages newer than this run read stays: this run is the older one.
    const notNewer = and(lte(renderedPages.settingsVersion, settingsVersion), lte(renderedPages.pagesVersion, pagesVersion));
    const planned = planPages(renderer.buildId, { site, published });
    const stored = new Map(
      (await db.select({ route: renderedPages.route, fingerprint: renderedPages.fingerprint }).from(renderedPages)).map((row) => [row.route, row.fingerprint]),
    );
    const stale = planned.filter((page: PlannedPage) => (stored.get(page.route) ?? builtFingerprints.get(page.route)) !== page.fingerprint);
    const onSite = new Set(planned.map((page) => page.route));
    const gone = [...stored.keys()].filter((route) => !onSite.has(route));
    if (stale.length === 0 && gone.length === 0) return { rendered: [], removed: [] };

    const html = stale.length > 0 ? await renderer.render(site, stale) : {};
    await db.transaction(async (tx) => {
      for (const page of stale) {
        const values = {
          status: page.status,
          html: html[page.route]!,
          fingerprint: page.fingerprint,
          settingsVersion,
          pagesVersion,
          generation: sql`nextval('rendered_pages_generation')`,
          renderedAt: new Date(),
        };
        await tx
          .insert(renderedPages)
          .values({ route: page.route, ...values })
          .onConflictDoUpdate({ target: renderedPages.route, set: values, setWhere: notNewer });
      }
      if (gone.length > 0) await tx.delete(renderedPages).where(and(inArray(renderedPages.route, gone), notNewer));
    });
    return { rendered: stale.map((page) => page.route), removed: gone };
  };
}
