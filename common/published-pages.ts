// The published page documents as the server puts them in each public page (docs/decisions/0061-site-pages.md,
// 0064-pages-rendered-at-publish.md), beside the site configuration (common/site.ts): a page paints
// with them before any script runs and needs no fetch. Each page carries what every page shows (the
// navigation's service pages and their home-page cards) and its own document only, so publishing one
// page changes that page's HTML alone; a page reached by navigating in the browser fetches its own.
import type { ServicePageHead } from "./site-page-default-home";
import type { PageDocument } from "./site-pages";

/** The id of the JSON data block in index.html that carries the PublishedPages. */
export const PUBLISHED_PAGES_ELEMENT_ID = "published-pages";
/** The marker in index.html the server replaces with that block, or with nothing while every page shows its default. */
export const PUBLISHED_PAGES_MARKER = "<!--published-pages-->";

/** A service page on the site: not hidden, and (for one the business added) published. */
export interface PublishedService {
  key: string;
  head: ServicePageHead;
}

/** What visitors see, as one page carries it. */
export interface PublishedPages {
  /** The service pages on the site, in the navigation's order: the header's items and the home page's Mission Profiles. */
  services: PublishedService[];
  /** The documents this page renders, by key: the home page's on "/", a service page's on its own address, none elsewhere. */
  documents: Record<string, PageDocument>;
}
