// The pages' keys, routes and model version, apart from their zod model (common/site-pages.ts): the
// public pages render the default documents with these and must not load zod to do so
// (docs/architecture.md §5, the home page's budget).

/** The model the documents written now follow; a stored document of another one is upgraded or refused by readPageDocument. */
export const PAGE_SCHEMA_VERSION = 1;

export const HOME_PAGE_KEY = "home";

/** SPEC's three service pages, in the navigation's order; a page's key is its route without the slash. */
export const BUILT_IN_SERVICE_KEYS = ["solar-inspections", "agricultural-services", "photography-filming"] as const;

/** The route a page is served at. */
export const pageRoute = (key: string) => (key === HOME_PAGE_KEY ? "/" : `/${key}`);
