import { DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import type { ServiceDocument } from "@common/site-pages";
import { getPublishedPages } from "./published-pages";

/** The document a service page renders (docs/decisions/0061-site-pages.md): the published one the server put in the page, else SPEC's, the default. */
export const serviceDocument = (key: string): ServiceDocument | undefined => getPublishedPages()?.services[key] ?? DEFAULT_SERVICE_PAGES[key];
