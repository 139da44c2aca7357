import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { escapeHtml, scriptSafeJson } from "@common/html";
import { APP_ROUTES } from "@common/routes";
import { SITE_CONFIG_ELEMENT_ID, SITE_CONFIG_MARKER, type SiteConfig } from "@common/site";
import { weakEtag } from "./etag";

/** dist/pages/pages.json, written by scripts/prerender.mjs at build time. */
interface PagesManifest {
  site: SiteConfig;
  /** The stand-in for the public origin in canonical and Open Graph addresses. */
  origin: string;
  /** The built index.html as the pages were made from it (stylesheet inlined), in dist/pages. */
  template: string;
  notFound: string;
  /** Route (or the notFound key) → file name in dist/pages. */
  pages: Record<string, string>;
}

interface PrerenderModule {
  prerenderPages(options: { template: string; site: SiteConfig; origin: string }): Promise<Record<string, string>>;
}

export interface PageBody {
  identity: Buffer;
  /** Weak, from the plain bytes: one name for the brotli, gzip and plain copies. */
  etag: string;
  /** Absent for origins beyond the cached few: compressing on every request would cost more than it saves. */
  br?: Buffer;
  gzip?: Buffer;
}

// Without PUBLIC_URL the origin comes from the request's Host; a few are kept, the rest are made per request.
const MAX_CACHED_ORIGINS = 4;

function sameSite(a: SiteConfig, b: SiteConfig): boolean {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}

/** The operator's contact details, where the client reads them (client/src/lib/site-config.ts). */
function fillSiteConfig(html: string, site: SiteConfig): string {
  return html.replace(SITE_CONFIG_MARKER, () => `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptSafeJson(site)}</script>`);
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Both copies at the strongest setting, made on zlib's threads, not the event loop. */
async function compressed(identity: Buffer): Promise<PageBody> {
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 9 }),
  ]);
  return { identity, etag: weakEtag(identity), br, gzip: gz };
}

/**
 * The prerendered pages, with the site configuration filled in once and the public origin per
 * origin, each kept with its brotli and gzip copies so a request costs a lookup.
 */
export class PrerenderedPages {
  private readonly byOrigin = new Map<string, Map<string, Promise<PageBody>>>();

  private constructor(
    private readonly templates: Map<string, string>,
    private readonly originMarker: string,
    readonly notFoundKey: string,
  ) {}

  /**
   * Reads dist/pages beside `clientDir`. When the operator's contact details differ from the ones
   * the build rendered with, renders the pages again, once, with the SSR bundle in dist/ssr. Fills in
   * the site configuration once per page.
   */
  static async load(clientDir: string, site: SiteConfig): Promise<PrerenderedPages> {
    const distDir = path.dirname(clientDir);
    const pagesDir = path.join(distDir, "pages");
    const manifestFile = path.join(pagesDir, "pages.json");
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build`);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PagesManifest;

    let rendered: Record<string, string>;
    if (sameSite(manifest.site, site)) {
      rendered = Object.fromEntries(Object.entries(manifest.pages).map(([route, file]) => [route, readFileSync(path.join(pagesDir, file), "utf8")]));
    } else {
      const module = (await import(pathToFileURL(path.join(distDir, "ssr", "entry.js")).href)) as PrerenderModule;
      const template = readFileSync(path.join(pagesDir, manifest.template), "utf8");
      rendered = await module.prerenderPages({ template, site, origin: manifest.origin });
    }
    const missing = [...APP_ROUTES, manifest.notFound].filter((route) => rendered[route] === undefined);
    if (missing.length > 0) throw new Error(`${pagesDir} has no page for ${missing.join(", ")}: run npm run build`);
    const templates = new Map(Object.entries(rendered).map(([route, html]) => [route, fillSiteConfig(html, site)]));
    return new PrerenderedPages(templates, manifest.origin, manifest.notFound);
  }

  /** Compresses every page for this origin now (PUBLIC_URL's), so no visitor waits for it. */
  async warm(origin: string): Promise<void> {
    await Promise.all([...this.templates.keys()].map((route) => this.body(route, origin)));
  }

  /** The page for `route` with `origin` in its addresses. */
  body(route: string, origin: string): Promise<PageBody> {
    const cached = this.byOrigin.get(origin)?.get(route);
    if (cached) return cached;
    const template = this.templates.get(route);
    if (template === undefined) throw new Error(`no prerendered page for ${route}`);
    // The origin can come from the Host header: it goes into attributes and JSON-LD escaped.
    const identity = Buffer.from(template.replaceAll(this.originMarker, () => escapeHtml(origin)));
    let pages = this.byOrigin.get(origin);
    if (!pages && this.byOrigin.size < MAX_CACHED_ORIGINS) {
      pages = new Map();
      this.byOrigin.set(origin, pages);
    }
    if (!pages) return Promise.resolve({ identity, etag: weakEtag(identity) });
    const body = compressed(identity);
    pages.set(route, body);
    return body;
  }
}
