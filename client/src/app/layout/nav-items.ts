import { ROUTES } from "@common/routes";

export interface NavItem {
  label: string;
  href: string;
}

/** The header's links and the footer's, in the order of the route list. */
export const NAV_ITEMS: NavItem[] = ROUTES.flatMap((route) => ("nav" in route ? [{ label: route.nav, href: route.path }] : []));
export const FOOTER_ITEMS: NavItem[] = ROUTES.flatMap((route) => ("footer" in route ? [{ label: route.footer, href: route.path }] : []));

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
