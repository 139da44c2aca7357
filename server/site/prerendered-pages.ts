import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { escapeHtml, scriptSafeJson } from "@common/html";
import { PUBLISHED_PAGES_ELEMENT_ID, PUBLISHED_PAGES_MARKER, type PublishedPages } from "@common/published-pages";
import { APP_ROUTES } from "@common/routes";
import { SITE_CONFIG_ELEMENT_ID, SITE_CONFIG_MARKER, type SiteConfig } from "@common/site";
import { weakEtag } from "../http/etag";

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

interface PrerenderModule {
  prerenderPages(options: {
    template: string;
    site: SiteConfig;
    pages: PublishedPages | null;
    origin: string;
    preloads: Record<string, readonly string[]>;
  }): Promise<Record<string, string>>;
}

export interface PageBody {
  identity: Buffer;
  /** Weak, from the plain bytes: one name for the brotli, gzip and plain copies. */
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

function sameSite(a: SiteConfig, b: SiteConfig): boolean {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}

/** The operator's contact details, where the client reads them (client/src/lib/site-config.ts). */
function fillSiteConfig(html: string, site: SiteConfig): string {
  return html.replace(SITE_CONFIG_MARKER, () => `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptSafeJson(site)}</script>`);
}

/** The published page documents, where the client reads them (client/src/features/marketing/content/published-pages.ts); none while every page shows its default. */
function fillPublishedPages(html: string, pages: PublishedPages | null): string {
  return html.replace(PUBLISHED_PAGES_MARKER, () =>
    pages ? `<script type="application/json" id="${PUBLISHED_PAGES_ELEMENT_ID}">${scriptSafeJson(pages)}</script>` : "",
  );
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

/** The site configuration and published page documents pages are made with, and the version they come from. */
export interface VersionedSite {
  /**
   * The settings' saves plus the pages' publishes: each count only grows, so their sum grows
   * whenever either does, and pages made at one sum are current while it stays.
   */
  version: number;
  site: SiteConfig;
  /** Null while no page was ever published: every page shows its default, as the build rendered it. */
  pages: PublishedPages | null;
}

/**
 * The prerendered pages, with the site configuration and the public origin (PUBLIC_URL, never the
 * request's Host) filled in, each kept with its brotli and gzip copies so a request costs a lookup.
 * They are made for one version of the business's settings: a request that finds a newer version
 * has them made again, once, while the others wait for the same making (docs/decisions/0055-business-settings.md).
 * Each instance makes its own from the settings in the database, so none needs another's copy.
 */
export class PrerenderedPages {
  private made: { version: number; bodies: Promise<Map<string, PageBody>> } | undefined;

  private constructor(
    private readonly distDir: string,
    private readonly manifest: PagesManifest,
    private readonly origin: string,
    readonly notFoundKey: string,
  ) {}

  /** Reads dist/pages' manifest beside `clientDir`; the pages are made at the first request, or by `warm`. */
  static load(clientDir: string, origin: string): PrerenderedPages {
    const distDir = path.dirname(clientDir);
    const manifestFile = path.join(distDir, "pages", "pages.json");
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build`);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PagesManifest;
    return new PrerenderedPages(distDir, manifest, origin, manifest.notFound);
  }

  /**
   * The pages for these settings and documents: the build's own files when the business's details
   * are the ones the build rendered with and no page was published, else rendered again with the SSR
   * bundle in dist/ssr. A making that fails is forgotten, so the next request tries again.
   */
  private async make({ site, pages }: VersionedSite): Promise<Map<string, PageBody>> {
    const { manifest, distDir, origin } = this;
    const pagesDir = path.join(distDir, "pages");
    let rendered: Record<string, string>;
    if (sameSite(manifest.site, site) && pages === null) {
      rendered = Object.fromEntries(Object.entries(manifest.pages).map(([route, file]) => [route, readFileSync(path.join(pagesDir, file), "utf8")]));
    } else {
      const module = (await import(pathToFileURL(path.join(distDir, "ssr", "entry.js")).href)) as PrerenderModule;
      const template = readFileSync(path.join(pagesDir, manifest.template), "utf8");
      rendered = await module.prerenderPages({ template, site, pages, origin: manifest.origin, preloads: manifest.preloads });
    }
    const missing = [...APP_ROUTES, manifest.notFound].filter((route) => rendered[route] === undefined);
    if (missing.length > 0) throw new Error(`${pagesDir} has no page for ${missing.join(", ")}: run npm run build`);
    const bodies = await Promise.all(
      Object.entries(rendered).map(async ([route, html]) => {
        const filled = fillPublishedPages(fillSiteConfig(html, site), pages).replaceAll(manifest.origin, () => escapeHtml(origin));
        return [route, await compressed(Buffer.from(filled))] as const;
      }),
    );
    return new Map(bodies);
  }

  /** Makes the pages for `current` unless they are made or being made (at start, and after a save). */
  warm(current: VersionedSite): Promise<Map<string, PageBody>> {
    // A request that read the settings just before a save may still name the older version: it gets the newer pages.
    if (!this.made || current.version > this.made.version) {
      const bodies = this.make(current);
      const made = { version: current.version, bodies };
      this.made = made;
      bodies.catch(() => {
        if (this.made === made) this.made = undefined;
      });
    }
    return this.made!.bodies;
  }

  /** The page for `route`, as the settings `current` make it. */
  async body(route: string, current: VersionedSite): Promise<PageBody> {
    const body = (await this.warm(current)).get(route);
    if (body === undefined) throw new Error(`no prerendered page for ${route}`);
    return body;
  }
}
