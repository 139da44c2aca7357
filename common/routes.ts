/** The marketing pages and the gallery: prerendered with their content, indexed, in the sitemap. */
export const PUBLIC_ROUTES = [
  "/",
  "/solar-inspections",
  "/agricultural-services",
  "/photography-filming",
  "/drone-height-comparison",
  "/gallery",
] as const;

/** Every path the client router renders a screen for (SPEC §2 plus the pages we add). */
export const APP_ROUTES = [
  ...PUBLIC_ROUTES,
  "/login",
  "/dashboard",
  "/request-quote",
  "/checkout",
  "/payment-success",
  "/reset-password",
  "/admin",
  "/admin-dashboard",
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

export function isAppRoute(pathname: string): pathname is AppRoute {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (APP_ROUTES as readonly string[]).includes(normalized);
}

export function isPublicRoute(pathname: string): boolean {
  return (PUBLIC_ROUTES as readonly string[]).includes(pathname);
}
