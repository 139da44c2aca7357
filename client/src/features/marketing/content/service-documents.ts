import { DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import type { ServiceDocument } from "@common/site-pages";

/** The document a service page renders (docs/decisions/0061-site-pages.md): until the published ones reach the page, SPEC's, the default. */
export const serviceDocument = (key: string): ServiceDocument | undefined => DEFAULT_SERVICE_PAGES[key];
