/** Contact details and links the server hands to the client at run time (docs/architecture.md §3). */
export interface SiteConfig {
  businessName: string;
  businessPhone: string;
  businessEmail: string;
  demoVideoUrl: string;
  /** The base map's XYZ tile URL (MAP_TILE_URL, with {z}/{x}/{y}); empty: the job maps show their layers on a blank ground. */
  mapTileUrl: string;
  /** Credit shown on the base map (MAP_TILE_ATTRIBUTION). */
  mapTileAttribution: string;
  /** Whether the back office has the development Outbox (NODE_ENV is not production): without it the tab is not asked for. */
  devOutbox: boolean;
  /** The business's time zone: the back office's calendar shows flights in it, and a new flight window starts in it. */
  businessTimeZone: string;
  /** The postal address's lines; empty when none is set. */
  businessAddress: string[];
  /** The logo in the site's size, or null: the header then shows the name alone. */
  logoUrl: string | null;
  /** ISO 4217: what prices typed in the back office are in. */
  currency: string;
  /** The business's social profiles' addresses (the site content's social links): the pages' structured data names them as the business's own. */
  socialLinks: string[];
  /** The brand's colours, "#rrggbb", or null for the theme's own: the pages' head restyles the themes with them (common/brand.ts). */
  primaryColor: string | null;
  accentColor: string | null;
}

/** The id of the <style> in each page's head that puts the brand's colours in place of the themes' own. */
export const BRAND_STYLE_ELEMENT_ID = "brand-colors";

/** The id of the JSON data block in index.html that carries the SiteConfig. */
export const SITE_CONFIG_ELEMENT_ID = "site-config";
/** The marker in index.html the server replaces with that block. */
export const SITE_CONFIG_MARKER = "<!--site-config-->";

/** Used when the operator sets nothing (server) and by `npm run dev` (client without the server's page). */
export const SITE_DEFAULTS: SiteConfig = {
  businessName: "SkyVantage",
  businessPhone: "+1 (555) 014-7720",
  businessEmail: "missions@skyvantage.example",
  demoVideoUrl: "https://www.youtube.com/watch?v=skyvantage-demo",
  mapTileUrl: "",
  mapTileAttribution: "",
  devOutbox: true,
  businessTimeZone: "UTC",
  businessAddress: [],
  logoUrl: null,
  currency: "USD",
  socialLinks: [],
  primaryColor: null,
  accentColor: null,
};

/**
 * SPEC's text with the business's own name where SPEC's ("SkyVantage") stands: a page title, a toast.
 * SPEC's texts are the defaults until the owner names the business (docs/decisions/0055-business-settings.md).
 */
export function withOwnName(text: string, businessName: string): string {
  return businessName === SITE_DEFAULTS.businessName ? text : text.replaceAll(SITE_DEFAULTS.businessName, businessName);
}
