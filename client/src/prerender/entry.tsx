// The server-side entry of the client (docs/decisions/0012-prerendered-pages.md): renders pages to
// HTML. Built by scripts/build.mjs into dist/ssr and run at build time; the server runs it again at
// start only when its contact details differ from the ones the build rendered with.
import { prerenderToNodeStream } from "react-dom/static";
import { escapeHtml } from "@common/html";
import { NOT_FOUND_META, type PageMeta, routeFor, ROUTES } from "@common/routes";
import type { PublishedPages } from "@common/published-pages";
import { SITE_DEFAULTS, type SiteConfig } from "@common/site";
import { addedPageMeta } from "@/features/marketing/content/page-documents";
import { setPublishedPages } from "@/features/marketing/content/published-pages";
import { setSiteConfig } from "@/lib/site-config";
import { App } from "../app/app";
import { headTags } from "./head";

/** The key of the not-found page among the rendered pages. */
export const NOT_FOUND_PAGE = "404";

export interface PrerenderOptions {
  /** dist/client/index.html: the built shell with its hashed script and stylesheet. */
  template: string;
  site: SiteConfig;
  /** The published page documents, or null (the build's) for every page's default. */
  pages?: PublishedPages | null;
  /** The site's public origin, or a marker for the server to replace with it. */
  origin: string;
  /** Route → the built files its page's chunk needs beyond the entry's (scripts/route-chunks.mjs). */
  preloads: Record<string, readonly string[]>;
}

async function renderBody(path: string): Promise<string> {
  // React outlines Suspense boundaries larger than this into hidden segments revealed by inline
  // scripts, which the CSP refuses and readers without JavaScript never see: keep every one inline.
  const { prelude } = await prerenderToNodeStream(<App ssrPath={path} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

function fillTemplate(template: string, head: string, body: string): string {
  // Replacement functions: page text may hold "$&" and other replacement patterns.
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace("</head>", () => `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/** The app's chunk, which Vite names after its module, client/src/start.tsx. */
const APP_CHUNK = /^assets\/start-[\w-]+\.js$/;

/**
 * A page that renders in the browser shows nothing until its chunks are here: its HTML names them,
 * so they load beside the entry script rather than after it has run (client/src/main.tsx). The app's
 * chunk is a module script of its own, run as soon as the document is parsed, as the entry was before
 * it imported the app after a public page's first paint (docs/decisions/0076-app-after-first-paint.md):
 * such a screen's prerendered frame is a first state the screen replaces, not a page to paint first.
 */
function modulePreloads(files: readonly string[] = []): string {
  return files
    .map((file) =>
      APP_CHUNK.test(file)
        ? `\n  <script type="module" crossorigin src="/${escapeHtml(file)}"></script>`
        : `\n  <link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`,
    )
    .join("");
}

async function renderPage(options: PrerenderOptions, route: string, meta: PageMeta, withContent: boolean, indexable: boolean): Promise<string> {
  const head = headTags({ route, meta, site: options.site, origin: options.origin, indexable }) + (indexable ? "" : modulePreloads(options.preloads[route]));
  return fillTemplate(options.template, head, withContent ? await renderBody(route) : "");
}

/**
 * Every route of the router as a full HTML page, keyed by path, plus the not-found page. Public
 * pages carry their content, readable without JavaScript. Account and back-office screens are
 * noindex and preload their page's chunks; those marked `shell` (common/routes.ts) carry their
 * first state, so they paint before any script has run, the others only their <head>.
 */
export async function prerenderPages(options: PrerenderOptions): Promise<Record<string, string>> {
  const pages = options.pages ?? null;
  return renderRoutes(options, [...ROUTES.map((route) => ({ route: route.path, status: 200, pages })), { route: NOT_FOUND_PAGE, status: 404, pages }]);
}

/** One page to render again, with what it carries of the published pages. */
export interface RouteToRender {
  /** A route of common/routes.ts, a page the business added ("/roof-inspections"), or NOT_FOUND_PAGE. */
  route: string;
  /** 404: the address of a page that is not on the site (a hidden service page) shows the not-found page. */
  status: number;
  pages: PublishedPages | null;
}

/**
 * The pages named, each rendered with the published pages it carries (common/published-pages.ts):
 * the server renders again only the pages a publish or a settings save changed
 * (docs/decisions/0064-pages-rendered-at-publish.md). A route that is neither the app's nor an
 * added page on the site renders as the not-found page.
 */
export async function renderRoutes(options: PrerenderOptions, routes: readonly RouteToRender[]): Promise<Record<string, string>> {
  setSiteConfig(options.site);
  const rendered: Record<string, string> = {};
  for (const { route, status, pages } of routes) {
    setPublishedPages(pages);
    const entry = route === NOT_FOUND_PAGE || status === 404 ? undefined : routeFor(route);
    const added = entry || status === 404 ? undefined : addedPageMeta(route.slice(1));
    if (entry) rendered[route] = await renderPage(options, route, entry, entry.public || entry.shell === true, entry.public);
    else if (added) rendered[route] = await renderPage(options, route, added, true, true);
    else rendered[route] = await renderPage(options, `/${NOT_FOUND_PAGE}`, NOT_FOUND_META, true, false);
  }
  return rendered;
}

/** What the build renders with when the operator has set nothing (scripts/prerender.mjs). */
export { SITE_DEFAULTS };
