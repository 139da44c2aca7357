import type { PublishedService } from "@common/published-pages";
import { type RouteEntry, ROUTES } from "@common/routes";
import { BUILT_IN_SERVICE_KEYS, pageRoute } from "@common/site-page-keys";

export interface NavItem {
  label: string;
  href: string;
}

const SERVICE_ROUTES: ReadonlySet<string> = new Set(BUILT_IN_SERVICE_KEYS.map(pageRoute));

/**
 * The header's links (`nav`) or the footer's (`footer`), in the order of the route list, where the
 * service pages stand as the site has them (docs/decisions/0061-site-pages.md): each with its own
 * navigation label in the header, SPEC's footer label for SPEC's pages, none for a hidden one, and
 * the pages the business added after SPEC's.
 */
export function navItemsOf(services: readonly PublishedService[], where: "nav" | "footer"): NavItem[] {
  const routes = ROUTES as readonly RouteEntry[];
  const serviceItems = services.map(({ key, head }) => {
    const route = pageRoute(key);
    const builtIn = where === "footer" ? routes.find((entry) => entry.path === route)?.footer : undefined;
    return { label: builtIn ?? head.navLabel, href: route };
  });
  // The service pages take the place of SPEC's first one in the list.
  let servicesPlaced = false;
  return routes.flatMap((route) => {
    const label = route[where];
    if (label === undefined) return [];
    if (!SERVICE_ROUTES.has(route.path)) return [{ label, href: route.path }];
    if (servicesPlaced) return [];
    servicesPlaced = true;
    return serviceItems;
  });
}

/** docs/product.md §2: HOME matches only the exact path, the others by path prefix. */
export function isNavItemActive(href: string, pathname: string): boolean {
  return href === "/" ? pathname === "/" : pathname.startsWith(href);
}

/** docs/product.md §9: background opacity is scroll/100, capped at 0.95; blur and border after 50 px. */
const HEADER_MAX_OPACITY = 0.95;
export const HEADER_SOLID_AFTER_PX = 50;

export function headerOpacity(scrollY: number): number {
  return Math.min(Math.max(scrollY, 0) / 100, HEADER_MAX_OPACITY);
}
