export const NAV_ITEMS = [
  { label: "HOME", href: "/" },
  { label: "SOLAR", href: "/solar-inspections" },
  { label: "AGRICULTURE", href: "/agricultural-services" },
  { label: "MEDIA", href: "/photography-filming" },
] as const;

/** SPEC §2: HOME matches only the exact path, the others by path prefix. */
export function isNavItemActive(href: string, pathname: string): boolean {
  return href === "/" ? pathname === "/" : pathname.startsWith(href);
}

/** SPEC §9: background opacity is scroll/100, capped at 0.95; blur and border after 50 px. */
export const HEADER_MAX_OPACITY = 0.95;
export const HEADER_SOLID_AFTER_PX = 50;

export function headerOpacity(scrollY: number): number {
  return Math.min(Math.max(scrollY, 0) / 100, HEADER_MAX_OPACITY);
}
