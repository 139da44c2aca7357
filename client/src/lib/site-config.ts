import { useSyncExternalStore } from "react";
import { SITE_CONFIG_ELEMENT_ID, SITE_DEFAULTS, type SiteConfig } from "@common/site";

let cached: SiteConfig | undefined;
const listeners = new Set<() => void>();

/** The contact details the server put in the page (docs/architecture.md §3). */
export function getSiteConfig(): SiteConfig {
  if (cached) return cached;
  const element = typeof document === "undefined" ? null : document.getElementById(SITE_CONFIG_ELEMENT_ID);
  cached = element?.textContent ? { ...SITE_DEFAULTS, ...(JSON.parse(element.textContent) as Partial<SiteConfig>) } : SITE_DEFAULTS;
  return cached;
}

/**
 * Prerendering names the contact details to render with, having no page to read them from; the back
 * office's settings put in those it has just saved, so the header and the contact section show them
 * at once rather than after a reload.
 */
export function setSiteConfig(site: SiteConfig): void {
  cached = site;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The site configuration, drawn again when the back office saves new details. */
export const useSiteConfig = (): SiteConfig => useSyncExternalStore(subscribe, getSiteConfig, getSiteConfig);
