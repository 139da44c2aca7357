import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { scriptSafeJson } from "@common/html";
import { PUBLISHED_PAGES_ELEMENT_ID, PUBLISHED_PAGES_MARKER, type PublishedPages } from "@common/published-pages";
import { SITE_CONFIG_ELEMENT_ID, SITE_CONFIG_MARKER, type SiteConfig } from "@common/site";

/** dist/pages/pages.json, written by scripts/prerender.mjs at build time. */
interface PagesManifest {
  site: SiteConfig;
  /** The stand-in for the public origin in canonical and Open Graph addresses. */
  origin: string;
  /** The built index.html as the pages were made from it (stylesheet inlined), in dist/pages. */
  template: string;
  /** Route → the built files its page's chunk needs (scripts/route-chunks.mjs), named in its HTML. */
  preloads: Record<string, readonly string[]>;
  notFound: string;
  /** Route (or the notFound key) → file name in dist/pages. */
  pages: Record<string, string>;
}

/** One page to render: its route, the status it is served with, and what it carries of the published pages. */
export interface RouteToRender {
  route: string;
  status: number;
  pages: PublishedPages | null;
}

interface SsrModule {
  renderRoutes(
    options: { template: string; site: SiteConfig; origin: string; preloads: Record<string, readonly string[]> },
    routes: readonly RouteToRender[],
  ): Promise<Record<string, string>>;
}

/** The operator's contact details, where the client reads them (client/src/lib/site-config.ts). */
function fillSiteConfig(html: string, site: SiteConfig): string {
  return html.replace(SITE_CONFIG_MARKER, () => `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptSafeJson(site)}</script>`);
}

/** The base map's tile addresses a page's maps draw: those of the site configuration it was made with. */
export function mapTilesOf(html: string): string[] {
  const start = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">`;
  const at = html.indexOf(start);
  if (at < 0) return [];
  const site = JSON.parse(html.slice(at + start.length, html.indexOf("</script>", at))) as Partial<SiteConfig>;
  return [site.mapTileUrl ?? "", site.mapSatelliteUrl ?? ""].filter(Boolean);
}

/** The published pages the page carries (client/src/features/marketing/content/published-pages.ts); none while every page shows its default. */
function fillPublishedPages(html: string, pages: PublishedPages | null): string {
  return html.replace(PUBLISHED_PAGES_MARKER, () =>
    pages ? `<script type="application/json" id="${PUBLISHED_PAGES_ELEMENT_ID}">${scriptSafeJson(pages)}</script>` : "",
  );
}

/**
 * The build's pages and the means to render pages again (docs/decisions/0012-prerendered-pages.md,
 * 0064-pages-rendered-at-publish.md): dist/pages holds each route as the build rendered it, with
 * SPEC's details and default documents; dist/ssr's entry renders any route with the business's
 * settings and published pages. Pages keep the public origin as the build's marker; the server
 * puts PUBLIC_URL in when it serves them.
 */
export class PageRenderer {
  private ssr: Promise<SsrModule> | undefined;
  /** Changes with every build: a page rendered by another build is rendered again. */
  readonly buildId: string;

  private constructor(
    private readonly distDir: string,
    readonly manifest: PagesManifest,
    private readonly template: string,
  ) {
    this.buildId = createHash("sha256").update(template).digest("base64url").slice(0, 16);
  }

  /** The renderer of the client built in `clientDir` (dist/client), or undefined where there is none (API tests, `npm run dev`). */
  static ifBuilt(clientDir: string | undefined): PageRenderer | undefined {
    return clientDir !== undefined && existsSync(path.join(clientDir, ".vite", "manifest.json")) ? PageRenderer.load(clientDir) : undefined;
  }

  /** Reads dist/pages' manifest beside `clientDir`. */
  static load(clientDir: string): PageRenderer {
    const distDir = path.dirname(clientDir);
    const pagesDir = path.join(distDir, "pages");
    const manifestFile = path.join(pagesDir, "pages.json");
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build`);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PagesManifest;
    return new PageRenderer(distDir, manifest, readFileSync(path.join(pagesDir, manifest.template), "utf8"));
  }

  /** The routes the build rendered, the not-found page's key among them. */
  get builtRoutes(): string[] {
    return Object.keys(this.manifest.pages);
  }

  /** The page of `route` as the build rendered it, with the build's site configuration: SPEC's details and default documents. */
  builtPage(route: string): string | undefined {
    const file = this.manifest.pages[route];
    return file === undefined
      ? undefined
      : fillPublishedPages(fillSiteConfig(readFileSync(path.join(this.distDir, "pages", file), "utf8"), this.manifest.site), null);
  }

  /** The pages named, rendered with `site` and each one's published pages, their data blocks filled in. */
  async render(site: SiteConfig, routes: readonly RouteToRender[]): Promise<Record<string, string>> {
    this.ssr ??= import(pathToFileURL(path.join(this.distDir, "ssr", "entry.js")).href) as Promise<SsrModule>;
    const ssr = await this.ssr;
    const { origin, preloads } = this.manifest;
    const rendered = await ssr.renderRoutes({ template: this.template, site, origin, preloads }, routes);
    const pagesOf = new Map(routes.map(({ route, pages }) => [route, pages]));
    return Object.fromEntries(
      Object.entries(rendered).map(([route, html]) => [route, fillPublishedPages(fillSiteConfig(html, site), pagesOf.get(route) ?? null)]),
    );
  }
}
