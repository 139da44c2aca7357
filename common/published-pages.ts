// The published page documents as the server puts them in each public page (docs/decisions/0061-site-pages.md),
// beside the site configuration (common/site.ts): the pages paint with them before any script runs
// and need no fetch.
import type { HomeDocument, ServiceDocument } from "./site-pages";

/** The id of the JSON data block in index.html that carries the PublishedPages. */
export const PUBLISHED_PAGES_ELEMENT_ID = "published-pages";
/** The marker in index.html the server replaces with that block, or with nothing while every page shows its default. */
export const PUBLISHED_PAGES_MARKER = "<!--published-pages-->";

/** What visitors see of every page: the home page's document and each service page's that is published, by key. */
export interface PublishedPages {
  home: HomeDocument;
  services: Record<string, ServiceDocument>;
}
