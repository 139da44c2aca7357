import { routeFor } from "@common/routes";
import { BUILT_IN_SERVICE_KEYS } from "@common/site-page-keys";

/**
 * Whether the page at this path may be a service page, SPEC's or one the business added (a page at
 * /<its key> that is none of the app's routes): only then is its document worth reading, by the
 * prerender and by the browser, which loads the service pages' documents for it.
 */
export function mayBeServicePage(pathname: string): boolean {
  const key = /^\/([a-z0-9-]+)$/.exec(pathname)?.[1];
  return key !== undefined && ((BUILT_IN_SERVICE_KEYS as readonly string[]).includes(key) || routeFor(pathname) === undefined);
}
