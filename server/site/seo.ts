import type { FastifyPluginAsync } from "fastify";
import { escapeHtml } from "@common/html";
import { PUBLIC_ROUTES } from "@common/routes";

// Account, payment and back-office screens are not for search engines; their pages also say noindex.
const PRIVATE_PATHS = ["/api/", "/dashboard", "/checkout", "/payment-success", "/reset-password", "/admin"];

/** robots.txt and sitemap.xml, for anyone (issue 6). Addresses use the public origin (config.publicUrl), never the request's. */
export const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  /** GET /robots.txt — crawl everything public; points at the sitemap. */
  // Both depend on the configuration alone, so they are written once, not per request.
  const robots = ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  const urls = PUBLIC_ROUTES.map((route) => `  <url><loc>${escapeHtml(publicUrl + route)}</loc></url>`);
  const sitemap = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");

  app.get("/robots.txt", async (_request, reply) => {
    return reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots);
  });

  /** GET /sitemap.xml — every public route. */
  app.get("/sitemap.xml", async (_request, reply) => {
    return reply.header("cache-control", "public, max-age=3600").type("application/xml; charset=utf-8").send(sitemap);
  });
};
