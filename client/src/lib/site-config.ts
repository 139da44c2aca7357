import { SITE_CONFIG_ELEMENT_ID, SITE_DEFAULTS, type SiteConfig } from "@common/site";

let cached: SiteConfig | undefined;

/** The contact details the server put in the page (docs/architecture.md §3). */
export function getSiteConfig(): SiteConfig {
  if (cached) return cached;
  const element = typeof document === "undefined" ? null : document.getElementById(SITE_CONFIG_ELEMENT_ID);
  cached = element?.textContent ? { ...SITE_DEFAULTS, ...(JSON.parse(element.textContent) as Partial<SiteConfig>) } : SITE_DEFAULTS;
  return cached;
}

/** Prerendering has no page to read them from: it names the contact details to render with. */
export function setSiteConfig(site: SiteConfig): void {
  cached = site;
}
