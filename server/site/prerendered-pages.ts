import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { count, inArray, max } from "drizzle-orm";
import { escapeHtml } from "@common/html";
import type { Database } from "../db/client";
import { renderedPages } from "../db/schema";
import { weakEtag } from "../http/etag";
import { mapTilesOf, type PageRenderer } from "./page-renderer";

export interface PageBody {
  identity: Buffer;
  /** Weak, from the plain bytes: one name for the brotli, gzip and plain copies. */
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

export interface ServedPage {
  status: number;
  body: PageBody;
  /** The tile addresses its maps draw (server/site/page-renderer.ts mapTilesOf): its Content-Security-Policy lets exactly their hosts in. */
  mapTiles: readonly string[];
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

interface Held {
  /** The greatest generation and the number of rows of rendered_pages these pages were read at: any write or removal changes one. */
  generation: number;
  rows: number;
  pages: Map<string, ServedPage & { generation: number }>;
}

/**
 * The pages this instance serves, each kept with its brotli and gzip copies so a request costs a
 * lookup: the build's, overlaid with those rendered since for the business's settings and published
 * pages (rendered_pages, written by the render task: server/site/render-pages.ts). Each request
 * asks the database for the rendered pages' newest generation alone, and reads the pages rendered
 * since when it changed: a publish or a settings save on any instance is served by every instance
 * once rendered, and no page is rendered at request time (docs/decisions/0064-pages-rendered-at-publish.md).
 */
export class PrerenderedPages {
  private held: Promise<Held> | undefined;

  constructor(
    private readonly renderer: PageRenderer,
    private readonly db: Database,
    /** The public origin (PUBLIC_URL, never the request's Host), put where the pages hold the build's marker. */
    private readonly origin: string,
  ) {}

  get notFoundKey(): string {
    return this.renderer.manifest.notFound;
  }

  private async servable(html: string): Promise<PageBody> {
    return compressed(Buffer.from(html.replaceAll(this.renderer.manifest.origin, () => escapeHtml(this.origin))));
  }

  private async served(status: number, generation: number, html: string): Promise<ServedPage & { generation: number }> {
    return { status, generation, body: await this.servable(html), mapTiles: mapTilesOf(html) };
  }

  private built: Promise<Map<string, ServedPage & { generation: number }>> | undefined;

  /** The build's pages, compressed once: a route without a rendered page serves its own. */
  private builtPages(): Promise<Map<string, ServedPage & { generation: number }>> {
    this.built ??= Promise.all(
      this.renderer.builtRoutes.map(async (route) => [route, await this.served(200, 0, this.renderer.builtPage(route)!)] as const),
    ).then((entries) => new Map(entries));
    return this.built;
  }

  /** The build's pages with the rendered ones laid over them; a rendered page already held at the same generation is reused, not read again. */
  private async read(previous: Held | undefined, generation: number, rows: number): Promise<Held> {
    const pages = new Map(await this.builtPages());
    const known = await this.db.select({ route: renderedPages.route, generation: renderedPages.generation }).from(renderedPages);
    const newer = known.filter(({ route, generation: rendered }) => previous?.pages.get(route)?.generation !== rendered);
    const fresh = newer.length
      ? await this.db
          .select({ route: renderedPages.route, status: renderedPages.status, html: renderedPages.html, generation: renderedPages.generation })
          .from(renderedPages)
          .where(
            inArray(
              renderedPages.route,
              newer.map((row) => row.route),
            ),
          )
      : [];
    const freshByRoute = new Map(fresh.map((row) => [row.route, row]));
    for (const { route, generation: rendered } of known) {
      const row = freshByRoute.get(route);
      const kept = previous?.pages.get(route);
      if (row) pages.set(route, await this.served(row.status, row.generation, row.html));
      else if (kept && kept.generation === rendered) pages.set(route, kept);
    }
    return { generation, rows, pages };
  }

  /** The pages as rendered now: read again when rendered_pages changed since they were read. A read that fails is forgotten, so the next request tries again. */
  private async current(): Promise<Held> {
    const [state] = await this.db.select({ generation: max(renderedPages.generation), rows: count() }).from(renderedPages);
    const generation = Number(state?.generation ?? 0);
    const rows = state?.rows ?? 0;
    const held = this.held;
    const previous = held ? await held : undefined;
    if (previous && previous.generation >= generation && previous.rows === rows) return previous;
    if (held !== this.held) return this.current();
    // A built page kept by the previous read is reused; only the rendered pages written since are read and compressed.
    const next = this.read(previous, generation, rows);
    this.held = next;
    next.catch(() => {
      if (this.held === next) this.held = held;
    });
    return next;
  }

  /** Reads the build's pages and the rendered ones, before the first visitor. */
  async warm(): Promise<void> {
    await this.current();
  }

  /** The page served at `route` (a route of the app, a page the business added, or the not-found key), if there is one. */
  async page(route: string): Promise<ServedPage | undefined> {
    return (await this.current()).pages.get(route);
  }
}
