import type { FastifyPluginAsync } from "fastify";
import { escapeHtml } from "@common/html";
import { PUBLIC_ROUTES, ROUTES, type RouteEntry } from "@common/routes";

/**
 * The API and the pages that are neither public nor crawlable (accounts, payments, the back office)
 * are not for search engines; those pages also say noindex. A path another one already covers as a
 * prefix ("/admin" covers "/admin-dashboard") is not repeated.
 */
const PRIVATE_PATHS = ["/api/", ...(ROUTES as readonly RouteEntry[]).filter((route) => !route.public && !route.crawlable).map((route) => route.path)].filter(
  (path, _index, paths) => !paths.some((other) => other !== path && path.startsWith(other)),
);

/** A page of the site as the sitemap lists it: where it is, whether it is on the site, and when it last changed (null: not known). */
export interface SitemapPage {
  route: string;
  onSite: boolean;
  publishedAt: Date | null;
}

/**
 * The sitemap's entries: every public route, less a page of SPEC's the business has hidden, then the
 * pages the business added that are on the site. A page's last change is when its live version was
 * published; a page never published shows SPEC's words of the build it runs, so it has no date rather
 * than a made-up one.
 */
export function sitemapXml(publicUrl: string, pages: readonly SitemapPage[]): string {
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  const listed: { route: string; lastmod: Date | null }[] = [
    ...PUBLIC_ROUTES.filter((route) => byRoute.get(route)?.onSite !== false).map((route) => ({ route, lastmod: byRoute.get(route)?.publishedAt ?? null })),
    ...pages
      .filter((page) => page.onSite && !(PUBLIC_ROUTES as readonly string[]).includes(page.route))
      .sort((a, b) => a.route.localeCompare(b.route))
      .map((page) => ({ route: page.route, lastmod: page.publishedAt })),
  ];
  const urls = listed.map(({ route, lastmod }) => {
    const date = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeHtml(publicUrl + route)}</loc>${date}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

/**
 * robots.txt and sitemap.xml, for anyone (docs/operations.md §10). Addresses use the public origin
 * (config.publicUrl), never the request's. `pages` reads the pages' rows (server/site-pages/pages.ts
 * sitemapPages), one query.
 */
export const seoRoutes: FastifyPluginAsync<{ publicUrl: string; pages: () => Promise<readonly SitemapPage[]> }> = async (app, { publicUrl, pages }) => {
  /** GET /robots.txt — crawl everything public; points at the sitemap. */
  // It depends on the configuration alone, so it is written once, not per request.
  const robots = ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");

  app.get("/robots.txt", async (_request, reply) => {
    return reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots);
  });

  /** GET /sitemap.xml — every public page on the site, with the date of its last publish; read per request, as a publish on any instance changes it. */
  app.get("/sitemap.xml", async (_request, reply) => {
    const sitemap = sitemapXml(publicUrl, await pages());
    return reply.header("cache-control", "public, max-age=3600").type("application/xml; charset=utf-8").send(sitemap);
  });
};
