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

/** robots.txt and sitemap.xml, for anyone (docs/operations.md §10). Addresses use the public origin (config.publicUrl), never the request's. */
export const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  /** GET /robots.txt — crawl everything public; points at the sitemap. */
  // Both depend on the configuration alone, so they are written once, not per request.
  const robots = ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  const urls = PUBLIC_ROUTES.map((route) => `  <url><loc>${escapeHtml(publicUrl + route)}</loc></url>`);
  const sitemap = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join(
    "\n",
  );

  app.get("/robots.txt", async (_request, reply) => {
    return reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots);
  });

  /** GET /sitemap.xml — every public route. */
  app.get("/sitemap.xml", async (_request, reply) => {
    return reply.header("cache-control", "public, max-age=3600").type("application/xml; charset=utf-8").send(sitemap);
  });
};
