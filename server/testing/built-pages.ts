import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PUBLISHED_PAGES_MARKER } from "@common/published-pages";
import { APP_ROUTES } from "@common/routes";
import { SITE_CONFIG_MARKER, type SiteConfig } from "@common/site";

export const ORIGIN_MARKER = "https://public-origin.skyvantage.invalid";

/** What `npm run build` leaves in dist/client and dist/pages, rendered with `builtWith`. */
export function writeBuiltPages(distDir: string, builtWith: SiteConfig): void {
  const template = `<html><head>${SITE_CONFIG_MARKER}${PUBLISHED_PAGES_MARKER}<link rel="canonical" href="${ORIGIN_MARKER}/ROUTE" /><meta property="og:url" content="${ORIGIN_MARKER}/ROUTE" /></head><body><div id="root"></div></body></html>`;
  mkdirSync(path.join(distDir, "client", ".vite"), { recursive: true });
  writeFileSync(path.join(distDir, "client", ".vite", "manifest.json"), "{}");
  writeFileSync(path.join(distDir, "client", "index.html"), template);
  mkdirSync(path.join(distDir, "pages"));
  writeFileSync(path.join(distDir, "pages", "template.html"), template);
  const pages: Record<string, string> = {};
  for (const route of [...APP_ROUTES, "404"]) {
    pages[route] = `${route.replace(/\W/g, "_")}.html`;
    const html = template.replaceAll("/ROUTE", route === "404" ? "/" : route).replace('<div id="root"></div>', `<div id="root"><h1>${route}</h1></div>`);
    writeFileSync(path.join(distDir, "pages", pages[route]), html);
  }
  writeFileSync(
    path.join(distDir, "pages", "pages.json"),
    JSON.stringify({ site: builtWith, origin: ORIGIN_MARKER, template: "template.html", notFound: "404", pages }),
  );
}
