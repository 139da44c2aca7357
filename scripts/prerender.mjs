// Prerenders every route of the client to dist/pages (docs/decisions/0012-prerendered-pages.md):
// public pages with their content, the others with their <head> only, and the not-found page. Needs
// dist/client (the shell with its hashed assets) and dist/ssr/entry.js (the server-side entry,
// client/src/prerender/entry.tsx). The server fills in the site configuration and the public origin
// (server/site/prerendered-pages.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pageChunks } from "./route-chunks.mjs";

/** Stands for the site's public origin until the server knows it (PUBLIC_URL or the request's). */
export const ORIGIN_MARKER = "https://public-origin.skyvantage.invalid";

/**
 * The stylesheet goes into the page (about 9 KB compressed): a phone then paints from the HTML
 * alone, without waiting for a second request. Its url()s are absolute (/assets/...).
 */
export function inlineStylesheets(html, clientDir) {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href) => {
    const css = readFileSync(path.join(clientDir, href), "utf8");
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
    return `<style>${css}</style>`;
  });
}

const TEMPLATE_FILE = "template.html";

function fileNameOf(route) {
  return route === "/" ? "index.html" : `${route.replace(/^\//, "").replace(/\//g, "_")}.html`;
}

/** Writes dist/pages/*.html and dist/pages/pages.json; returns the manifest. */
export async function prerender(distDir = "dist") {
  const entry = await import(pathToFileURL(path.resolve(distDir, "ssr", "entry.js")).href);
  const template = inlineStylesheets(readFileSync(path.join(distDir, "client", "index.html"), "utf8"), path.join(distDir, "client"));
  const site = entry.SITE_DEFAULTS;
  const preloads = pageChunks(path.join(distDir, "client"));
  const rendered = await entry.prerenderPages({ template, site, origin: ORIGIN_MARKER, preloads });
  const pagesDir = path.join(distDir, "pages");
  mkdirSync(pagesDir, { recursive: true });
  // The server renders the pages again from this template when the site's contact details differ.
  writeFileSync(path.join(pagesDir, TEMPLATE_FILE), template);
  const pages = {};
  for (const [route, html] of Object.entries(rendered)) {
    pages[route] = fileNameOf(route);
    writeFileSync(path.join(pagesDir, pages[route]), html);
  }
  const manifest = { site, origin: ORIGIN_MARKER, template: TEMPLATE_FILE, preloads, notFound: entry.NOT_FOUND_PAGE, pages };
  writeFileSync(path.join(pagesDir, "pages.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
