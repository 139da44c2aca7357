import { createHash } from "node:crypto";
import type { PublishedPages } from "@common/published-pages";
import { APP_ROUTES } from "@common/routes";
import type { SiteConfig } from "@common/site";
import { BUILT_IN_SERVICE_KEYS, HOME_PAGE_KEY, pageRoute } from "@common/site-page-keys";
import type { PublishedSite } from "../site-pages/pages";

/** A page as the business's settings and published pages make it now. */
export interface PlannedPage {
  route: string;
  /** 404 for a service page that is hidden: its address shows the not-found page. */
  status: 200 | 404;
  pages: PublishedPages | null;
  /** A hash of all the page is made from: equal fingerprints, equal pages. */
  fingerprint: string;
}

/** What every page of the site is made from now. */
export interface SiteState {
  site: SiteConfig;
  published: PublishedSite;
}

/** The key of the not-found page among the routes (the prerender's NOT_FOUND_PAGE). */
const NOT_FOUND_ROUTE = "404";

const BUILT_IN_SERVICE_ROUTES: ReadonlySet<string> = new Set(BUILT_IN_SERVICE_KEYS.map(pageRoute));

/** The fingerprint of a page made by build `buildId` from these inputs. */
export function pageFingerprint(buildId: string, route: string, status: number, site: SiteConfig, pages: PublishedPages | null): string {
  return createHash("sha256")
    .update(JSON.stringify([buildId, route, status, site, pages]))
    .digest("base64url");
}

/**
 * Every page of the site with what it carries (common/published-pages.ts): the navigation's service
 * pages on all, and a page's own document on its own route only. So a publish of one service page
 * changes that page's fingerprint alone, unless its navigation label, its card or whether it is
 * shown changed, which every page (the header) or the home page (the cards) shows
 * (docs/decisions/0064-pages-rendered-at-publish.md).
 */
export function planPages(buildId: string, { site, published }: SiteState): PlannedPage[] {
  const everPublished = published.version > 0;
  const services = published.services.map(({ key, document: { schemaVersion, navLabel, hidden, card } }) => ({
    key,
    head: { schemaVersion, navLabel, hidden, card },
  }));
  const documentsOf = (route: string): PublishedPages["documents"] => {
    if (route === pageRoute(HOME_PAGE_KEY)) return { [HOME_PAGE_KEY]: published.home };
    const service = published.services.find(({ key }) => pageRoute(key) === route);
    return service ? { [service.key]: service.document } : {};
  };
  const visible = new Set(published.services.map(({ key }) => pageRoute(key)));
  const routes = [...new Set<string>([...APP_ROUTES, ...visible]), NOT_FOUND_ROUTE];
  return routes.map((route) => {
    const status = BUILT_IN_SERVICE_ROUTES.has(route) && !visible.has(route) ? 404 : 200;
    const pages = everPublished ? { services, documents: status === 200 ? documentsOf(route) : {} } : null;
    return { route, status, pages, fingerprint: pageFingerprint(buildId, route, status, site, pages) };
  });
}
