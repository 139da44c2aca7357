import { DEFAULT_HOME, DEFAULT_SERVICE_HEADS, type ServicePageHead } from "@common/site-page-default-home";
import { BUILT_IN_SERVICE_KEYS } from "@common/site-page-keys";
import type { HomeDocument } from "@common/site-pages";
import { getPublishedPages } from "./published-pages";

// The documents the home page renders (docs/decisions/0061-site-pages.md): it holds no words of its
// own. They are the published ones the server put in the page, or SPEC's, the defaults, where it put
// none. The service pages' default documents are in ./service-documents.ts, which the home page does not load.

export const homeDocument = (): HomeDocument => getPublishedPages()?.home ?? DEFAULT_HOME;

/** SPEC's service pages on the site, in the navigation's order, with their cards: the home page's Mission Profiles. */
export function visibleServicePages(): { key: string; head: ServicePageHead }[] {
  return BUILT_IN_SERVICE_KEYS.flatMap((key) => {
    const head = getPublishedPages()?.services[key] ?? DEFAULT_SERVICE_HEADS[key];
    return head.hidden ? [] : [{ key, head }];
  });
}
