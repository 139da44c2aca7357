import { type PageSeo, routeFor } from "@common/routes";
import { BUILT_IN_SERVICE_KEYS } from "@common/site-page-keys";
import { homeDocument } from "@/features/marketing/content/page-documents";
import type { serviceDocument } from "@/features/marketing/content/service-documents";

/**
 * Whether the page at this path may be a service page, SPEC's or one the business added (a page at
 * /<its key> that is none of the app's routes): only then is its document worth reading.
 */
export function mayBeServicePage(pathname: string): boolean {
  const key = /^\/([a-z0-9-]+)$/.exec(pathname)?.[1];
  return key !== undefined && ((BUILT_IN_SERVICE_KEYS as readonly string[]).includes(key) || routeFor(pathname) === undefined);
}

/**
 * What the page's document says search engines show of it (common/routes.ts pageMeta decides with
 * it): the home page's, or a service page's on the site. The service documents are passed in, not
 * imported, because the home page's entry chunk must not carry them (docs/architecture.md §5): the
 * prerender has them at hand, the browser loads them when it navigates to a service page.
 */
export function documentSeo(pathname: string, serviceDocuments?: typeof serviceDocument): PageSeo {
  if (pathname === "/") return homeDocument().seo;
  if (!serviceDocuments || !mayBeServicePage(pathname)) return undefined;
  const document = serviceDocuments(pathname.slice(1));
  return document && !document.hidden ? document.seo : undefined;
}
