/** Contact details and links the server hands to the client at run time (docs/architecture.md §3). */
export interface SiteConfig {
  businessName: string;
  businessPhone: string;
  businessEmail: string;
  demoVideoUrl: string;
  /** The base map's XYZ tile URL (MAP_TILES_URL, with {z}/{x}/{y}); empty: the maps show what is drawn on a neutral ground. */
  mapTileUrl: string;
  /** Credit shown on the base map (MAP_TILES_ATTRIBUTION). */
  mapTileAttribution: string;
  /** The deepest zoom the tile source serves (MAP_TILES_MAX_ZOOM); deeper, its tiles are enlarged. */
  mapTileMaxZoom: number;
  /** A satellite style's XYZ tile URL beside the street one (MAP_TILES_SATELLITE_URL); empty: none to switch to. */
  mapSatelliteUrl: string;
  mapSatelliteAttribution: string;
  /** Where a map with nothing on it opens (MAP_HOME: the business's service area); null: the continental United States. */
  mapHome: { latitude: number; longitude: number; zoom: number } | null;
  /** Whether the maps' address search has a geocoder (GEOCODER_URL): without one the search box is not shown. */
  geocoder: boolean;
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
  mapTileMaxZoom: 19,
  mapSatelliteUrl: "",
  mapSatelliteAttribution: "",
  mapHome: null,
  geocoder: false,
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
