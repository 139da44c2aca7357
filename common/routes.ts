import { withOwnName } from "./site";
const SITE_TITLE = "SkyVantage";

/** A page's title and description: in the prerendered <head> and in the tab after navigation. */
export interface PageMeta {
  title: string;
  description: string;
}

export interface RouteEntry extends PageMeta {
  path: string;
  /** Prerendered with its content, indexed, in the sitemap; the others render in the browser behind noindex. */
  public: boolean;
  /** Its link in the header navigation (docs/product.md §2). */
  nav?: string;
  /** Its link in the footer. */
  footer?: string;
  /**
   * A page that is not public but that crawlers may still fetch (public pages link to it), so that
   * they read its noindex; the other non-public pages are disallowed in robots.txt.
   */
  crawlable?: true;
  /**
   * A page for people who are not signed in (the login page, the password reset): the header
   * asks who is signed in there only when the hint cookie says someone may be, as on public pages.
   */
  forVisitors?: true;
  /**
   * Prerendered as its first state, the site's frame around "Checking your session…" (or the login
   * form), so it paints before its code has run (docs/decisions/0039-first-data-preloads.md). Only
   * for pages whose first render depends on neither the address's query nor the session: React
   * adopts that HTML as it stands.
   */
  shell?: true;
  /**
   * What the screen reads from the API as it first renders, `:id` standing for the address's own
   * (docs/decisions/0039-first-data-preloads.md). The server names these in its answer's Link
   * header as preloads when the hint cookie says someone may be signed in, so they are fetched
   * beside the page's scripts rather than after them. Every request of the client's that reads them
   * must match the preload (same URL, with credentials): e2e/first-data.spec.ts checks each is
   * used.
   */
  firstData?: readonly string[];
  /**
   * A screen of the signed-in work, the customer's portal or the back office: it ends on the compact
   * contact section, the work above it (docs/product.md §2, Contact section).
   */
  signedIn?: true;
}

/**
 * Every page of the app, in the order the navigation lists them: the router, the prerendered
 * pages, page titles, navigation links, robots.txt and the sitemap all read this list.
 */
export const ROUTES = [
  {
    path: "/",
    public: true,
    nav: "HOME",
    footer: "Home",
    title: `${SITE_TITLE} | Precision Aerial Solutions`,
    description: "Drone solar inspections, agricultural monitoring and aerial photography and filming by certified pilots: data you can act on the same week.",
  },
  {
    path: "/solar-inspections",
    public: true,
    nav: "SOLAR",
    footer: "Solar",
    title: `Solar Panel Drone Inspections | ${SITE_TITLE}`,
    description:
      "Thermal and visual drone inspections of solar farms and rooftops: hotspots, cracked cells, diode and junction box failures, reviewed and ranked by severity.",
  },
  {
    path: "/agricultural-services",
    public: true,
    nav: "AGRICULTURE",
    footer: "Agriculture",
    title: `Agricultural Drone Monitoring | ${SITE_TITLE}`,
    description: "Crop health analysis, NDVI mapping, irrigation analysis and yield estimation from multispectral drone flights over your fields.",
  },
  {
    path: "/photography-filming",
    public: true,
    nav: "MEDIA",
    footer: "Media",
    title: `Aerial Photography & Filming | ${SITE_TITLE}`,
    description: "8K aerial photography and cinematic drone filming by FAA certified pilots, for real estate, events and commercial projects.",
  },
  {
    path: "/drone-height-comparison",
    public: true,
    footer: "Height comparison",
    title: `Drone Height Comparison | ${SITE_TITLE}`,
    description: "See what a drone sees from 100 to 400 feet, and which altitude suits close detail, property overviews or wide landscapes.",
  },
  {
    path: "/gallery",
    public: true,
    footer: "Gallery",
    title: `Gallery | ${SITE_TITLE}`,
    description: "Aerial photographs and films from SkyVantage missions: solar sites, farmland, properties and events seen from the air.",
  },
  {
    path: "/login",
    public: false,
    shell: true,
    crawlable: true,
    forVisitors: true,
    footer: "Customer login",
    title: `Log In | ${SITE_TITLE}`,
    description: "Log in to your SkyVantage account, or register, to follow your subscriptions, reports, media and quotes.",
  },
  {
    path: "/dashboard",
    public: false,
    signedIn: true,
    shell: true,
    firstData: ["/api/user", "/api/waiting", "/api/subscriptions", "/api/services?active=true"],
    title: `Dashboard | ${SITE_TITLE}`,
    description: "Your SkyVantage subscriptions, reports, media, quotes and payments.",
  },
  {
    path: "/dashboard/jobs/:id",
    public: false,
    signedIn: true,
    shell: true,
    // Not the findings: they are read only when the job has a map.
    firstData: [
      "/api/user",
      "/api/jobs/:id",
      "/api/waiting?jobId=:id",
      "/api/jobs/:id/layers",
      "/api/jobs/:id/documents",
      "/api/estimates?jobId=:id",
      "/api/invoices?jobId=:id",
      "/api/jobs/:id/messages",
    ],
    title: `Job | ${SITE_TITLE}`,
    description: "Where your SkyVantage job stands: its timeline, flight window, site, deliverables, payments and messages.",
  },
  {
    path: "/dashboard/estimates/:id",
    public: false,
    signedIn: true,
    shell: true,
    title: `Estimate | ${SITE_TITLE}`,
    description: "Your SkyVantage estimate: its lines and optional items, the total and deposit, and your answer.",
  },
  {
    path: "/request-quote",
    public: false,
    crawlable: true,
    title: `Request a Quote | ${SITE_TITLE}`,
    description: "Tell us about your project and receive a custom quote for your drone mission.",
  },
  { path: "/checkout", public: false, signedIn: true, title: `Checkout | ${SITE_TITLE}`, description: "Complete your SkyVantage payment securely." },
  { path: "/payment-success", public: false, signedIn: true, title: `Payment | ${SITE_TITLE}`, description: "The outcome of your SkyVantage payment." },
  {
    path: "/reset-password",
    public: false,
    forVisitors: true,
    title: `Reset Password | ${SITE_TITLE}`,
    description: "Choose a new password for your SkyVantage account.",
  },
  {
    // Never prerendered with its content: what it shows depends on the link's token (docs/decisions/0058-people-and-invitations.md).
    path: "/invitation",
    public: false,
    forVisitors: true,
    title: `Accept Invitation | ${SITE_TITLE}`,
    description: "Choose your username and password to join SkyVantage.",
  },
  {
    path: "/account",
    public: false,
    signedIn: true,
    title: `My Profile | ${SITE_TITLE}`,
    description: "Your SkyVantage profile: name, e-mail, phone, company, billing address and password.",
  },
  {
    path: "/share/:token",
    public: false,
    // Crawlers that find a link posted somewhere may fetch the page, and so read its noindex.
    crawlable: true,
    forVisitors: true,
    title: `Shared with you | ${SITE_TITLE}`,
    description: "Reports, media and maps of a SkyVantage job, shared with you by link.",
  },
  {
    path: "/preview/:token",
    public: false,
    // A draft of a page shown by its signed link (docs/decisions/0061-site-pages.md): crawlers that find the link read its noindex.
    crawlable: true,
    forVisitors: true,
    title: `Page preview | ${SITE_TITLE}`,
    description: "A draft of a SkyVantage page, shown before it is published.",
  },
  { path: "/admin", public: false, signedIn: true, shell: true, title: `Admin | ${SITE_TITLE}`, description: "SkyVantage back office." },
  {
    path: "/admin-dashboard",
    public: false,
    signedIn: true,
    shell: true,
    // Only what an admin's and a pilot's back office both read as they open: an admin opens on Home
    // (the overview, an admin's alone), a pilot on Jobs (docs/decisions/0057-back-office-home.md).
    firstData: ["/api/user"],
    title: `Admin Dashboard | ${SITE_TITLE}`,
    description: "SkyVantage back office.",
  },
  {
    path: "/admin-dashboard/jobs/:id",
    public: false,
    signedIn: true,
    shell: true,
    // Not its billing: a pilot's page has none.
    firstData: ["/api/user", "/api/jobs/:id", "/api/jobs/:id/layers", "/api/jobs/:id/findings", "/api/jobs/:id/documents", "/api/jobs/:id/messages"],
    title: `Job | Admin | ${SITE_TITLE}`,
    description: "One job in the SkyVantage back office: its state, flight, history, deliverables and messages.",
  },
  {
    path: "/admin-dashboard/jobs/:id/findings/import",
    public: false,
    signedIn: true,
    title: `Import findings | Admin | ${SITE_TITLE}`,
    description: "Import a job's inspection findings from a CSV, GeoJSON or KML file.",
  },
  {
    path: "/admin-dashboard/customers/:id",
    public: false,
    signedIn: true,
    shell: true,
    title: `Customer | Admin | ${SITE_TITLE}`,
    description: "One account in the SkyVantage back office: its jobs, deliverables, quotes and payments.",
  },
] as const satisfies readonly RouteEntry[];

export type AppRoute = (typeof ROUTES)[number]["path"];

/** Every path the client router renders a screen for. */
export const APP_ROUTES: readonly AppRoute[] = ROUTES.map((route) => route.path);

/** The marketing pages and the gallery: prerendered with their content, indexed, in the sitemap. */
export const PUBLIC_ROUTES: readonly AppRoute[] = ROUTES.filter((route) => route.public).map((route) => route.path);

export const NOT_FOUND_META: PageMeta = {
  title: `Page Not Found | ${SITE_TITLE}`,
  description: "This page does not exist. Find SkyVantage's drone inspection, monitoring and filming services from the home page.",
};

/** Whether a path fits a route's path, where a ":name" segment stands for any one non-empty segment. */
function fits(pattern: string, pathname: string): boolean {
  const expected = pattern.split("/");
  const actual = pathname.split("/");
  return expected.length === actual.length && expected.every((segment, index) => (segment.startsWith(":") ? actual[index] !== "" : segment === actual[index]));
}

/** The page at this path, if the app has one. */
export function routeFor(pathname: string): RouteEntry | undefined {
  return (ROUTES as readonly RouteEntry[]).find((route) => fits(route.path, pathname));
}

/** What a page's document says search engines and shared links show of it (common/site-pages.ts's seo); an empty part keeps the route's own. */
export type PageSeo = { title?: string; description?: string } | undefined;

/**
 * The title and description a page shows, decided once for the prerendered <head> and for the tab
 * after client-side navigation, so the two agree: its document's own (seo) where the owner wrote one,
 * else the route's, with the business's own name. The owner's words are taken as written.
 */
export function pageMeta(meta: PageMeta, businessName: string, seo?: PageSeo): PageMeta {
  const own = withBusinessName(meta, businessName);
  return { title: seo?.title || own.title, description: seo?.description || own.description };
}

/**
 * A page's title and description with the business's own name where SPEC's ("SkyVantage") stands:
 * the pages are SPEC's until the owner names the business in its settings (docs/decisions/0055-business-settings.md).
 */
function withBusinessName(meta: PageMeta, businessName: string): PageMeta {
  return { ...meta, title: withOwnName(meta.title, businessName), description: withOwnName(meta.description, businessName) };
}
