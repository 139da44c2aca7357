import { DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import type { ServiceDocument } from "@common/site-pages";
import { isServicePageVisible } from "./page-documents";
import { carriedDocument, getPublishedPages, usePublishedDocument } from "./published-pages";

/**
 * The document a service page renders (docs/decisions/0061-site-pages.md): the published one, else
 * SPEC's, the default, while nothing was ever published; null for a page that is not on the site.
 * Reached in the browser from another page, a published one is fetched (the render suspends meanwhile).
 */
export function useServiceDocument(key: string): ServiceDocument | null {
  const visible = isServicePageVisible(key);
  const published = usePublishedDocument(visible ? key : null);
  if (!getPublishedPages()) return DEFAULT_SERVICE_PAGES[key] ?? null;
  return visible && published && "navLabel" in published ? published : null;
}

/** The service page's document where this page carries it (its own address), or the default while nothing was published: for the page's own <head>. */
export function serviceDocument(key: string): ServiceDocument | null {
  if (!getPublishedPages()) return DEFAULT_SERVICE_PAGES[key] ?? null;
  const carried = carriedDocument(key);
  return carried && "navLabel" in carried ? carried : null;
}
