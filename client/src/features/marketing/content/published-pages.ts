import { PUBLISHED_PAGES_ELEMENT_ID, type PublishedPages } from "@common/published-pages";

let cached: PublishedPages | null | undefined;

/** The published documents the server put in the page, or null where it put none: every page then shows its default. */
export function getPublishedPages(): PublishedPages | null {
  if (cached !== undefined) return cached;
  const element = typeof document === "undefined" ? null : document.getElementById(PUBLISHED_PAGES_ELEMENT_ID);
  cached = element?.textContent ? (JSON.parse(element.textContent) as PublishedPages) : null;
  return cached;
}

/** Prerendering names the documents to render with, having no page to read them from. */
export function setPublishedPages(pages: PublishedPages | null): void {
  cached = pages;
}
