import { use } from "react";
import { PUBLISHED_PAGES_ELEMENT_ID, type PublishedPages } from "@common/published-pages";
import type { PageDocument } from "@common/site-pages";

let cached: PublishedPages | null | undefined;

/** The published pages the server put in the page, or null where it put none: every page then shows its default. */
export function getPublishedPages(): PublishedPages | null {
  if (cached !== undefined) return cached;
  const element = typeof document === "undefined" ? null : document.getElementById(PUBLISHED_PAGES_ELEMENT_ID);
  cached = element?.textContent ? (JSON.parse(element.textContent) as PublishedPages) : null;
  return cached;
}

/** Prerendering names what to render with, having no page to read it from. */
export function setPublishedPages(pages: PublishedPages | null): void {
  cached = pages;
}

/** Documents fetched for pages reached in the browser, by key; null for a page that is not on the site. */
const fetched = new Map<string, Promise<PageDocument | null>>();

/**
 * GET /api/pages/:key, once per page and visit: a page carries its own document only
 * (common/published-pages.ts), so one reached by navigating reads its own. A load that fails is
 * forgotten, so the next render tries again.
 */
function loadPublishedDocument(key: string): Promise<PageDocument | null> {
  let load = fetched.get(key);
  if (!load) {
    load = fetch(`/api/pages/${encodeURIComponent(key)}`, { credentials: "same-origin" }).then(async (answer) => {
      if (answer.status === 404) return null;
      if (!answer.ok) throw new Error("This page could not be loaded. Please try again.");
      return ((await answer.json()) as { document: PageDocument }).document;
    });
    const forgetOnFailure = () => fetched.delete(key);
    load.catch(forgetOnFailure);
    fetched.set(key, load);
  }
  return load;
}

/**
 * The published document of page `key` as visitors see it: undefined while nothing was ever
 * published (the caller shows its default), null when the page is not on the site. The page's own
 * document is in the page; another one suspends the render while it is fetched. A null key asks
 * for nothing (hooks are called whatever the page).
 */
export function usePublishedDocument(key: string | null): PageDocument | null | undefined {
  const pages = getPublishedPages();
  if (!pages) return undefined;
  if (key === null) return null;
  return pages.documents[key] ?? use(loadPublishedDocument(key));
}

/**
 * The published document of page `key` outside a render (the tab's title after navigation): undefined
 * while nothing was ever published, null for a page not on the site; fetched as the page itself does, once.
 */
export async function readPublishedDocument(key: string): Promise<PageDocument | null | undefined> {
  const pages = getPublishedPages();
  if (!pages) return undefined;
  return pages.documents[key] ?? loadPublishedDocument(key);
}

/** The published document of page `key` where this page carries it (prerendering its own <head>), else undefined. */
export const carriedDocument = (key: string): PageDocument | undefined => getPublishedPages()?.documents[key];
