import type { PublishedService } from "@common/published-pages";
import type { PageMeta } from "@common/routes";
import { SITE_DEFAULTS } from "@common/site";
import { DEFAULT_HOME, DEFAULT_SERVICE_HEADS } from "@common/site-page-default-home";
import { BUILT_IN_SERVICE_KEYS, HOME_PAGE_KEY } from "@common/site-page-keys";
import type { HomeDocument, PageDocument } from "@common/site-pages";
import { plainText } from "../components/rich-text";
import { carriedDocument, getPublishedPages, usePublishedDocument } from "./published-pages";

// The documents the home page renders (docs/decisions/0061-site-pages.md): it holds no words of its
// own. They are the published ones, or SPEC's, the defaults, while nothing was ever published. The
// service pages' default documents are in ./service-documents.ts, which the home page does not load.

const asHome = (document: PageDocument | null | undefined): HomeDocument => (document && !("navLabel" in document) ? document : DEFAULT_HOME);

/** The home page's document as visitors see it; on another page reached in the browser, fetched (suspending) when published. */
export const useHomeDocument = (): HomeDocument => asHome(usePublishedDocument(HOME_PAGE_KEY));

/** The home page's document where this page carries it, else the default: for the home page's own <head>. */
export const homeDocument = (): HomeDocument => asHome(carriedDocument(HOME_PAGE_KEY));

const DEFAULT_SERVICES: PublishedService[] = BUILT_IN_SERVICE_KEYS.map((key) => ({ key, head: DEFAULT_SERVICE_HEADS[key] }));

/** The service pages on the site, in the navigation's order, with their cards: the header's items and the home page's Mission Profiles. */
export const visibleServicePages = (): PublishedService[] => getPublishedPages()?.services ?? DEFAULT_SERVICES;

/** The title and description of a page the business added, until it names its own: its card's, as its HTML has them. */
export function addedPageMeta(key: string): PageMeta | undefined {
  const head = visibleServicePages().find((page) => page.key === key)?.head;
  return head && { title: `${head.card.title} | ${SITE_DEFAULTS.businessName}`, description: plainText(head.card.description) };
}

/** Whether the service page `key` is on the site: a hidden one, or one added and never published, shows the not-found page at its address. */
export const isServicePageVisible = (key: string): boolean => visibleServicePages().some((page) => page.key === key);
