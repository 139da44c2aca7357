// What a first visit to each route of the built client downloads, in gzip bytes (level 9, the real
// files): the entry chunk, the app it starts (client/src/main.tsx) and their static imports, the route's lazy page chunk and its static imports,
// and their CSS. Read from Vite's manifest and the router (scripts/route-chunks.mjs).
// Used by bench/bundle-size.mjs; the size budget test can call routeBytes() too.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { APP_MODULE, appClosure, routerPages, staticClosure } from "../scripts/route-chunks.mjs";

const projectDir = fileURLToPath(new URL("..", import.meta.url));
/** APP_ROUTES and PUBLIC_ROUTES of common/routes.ts, loaded through tsx so plain node can run this. */
export async function loadRoutes() {
  const { tsImport } = await import("tsx/esm/api");
  const { APP_ROUTES, PUBLIC_ROUTES } = await tsImport("../common/routes.ts", import.meta.url);
  return { routes: APP_ROUTES, publicRoutes: PUBLIC_ROUTES };
}

/**
 * Per route, in the order given: `{ route, isPublic, page, js, deferredJs, css }`, each size as
 * `{ gzip, files: [{ file, gzip }] }`, largest file first. `js` is what the route needs to render;
 * `deferredJs` what the shell loads later, on demand (the entry's dynamic imports that are not pages:
 * the contact form every page ends with, fetched as the reader nears it, and the toaster, fetched
 * with the first toast); `css` the stylesheets of both. A page's own
 * lazy parts (the card form on /checkout) are left out.
 */
export async function routeBytes(distDir = path.join(projectDir, "dist"), { routes, publicRoutes, routerFile } = {}) {
  const known = routes ? { routes, publicRoutes: publicRoutes ?? [] } : await loadRoutes();
  const clientDir = path.join(distDir, "client");
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const bySrc = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.src ?? key, key]));
  const pages = routerPages(routerFile);

  const gzipped = new Map();
  const gzipBytes = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  const measure = (files) => {
    const sized = [...files].map((file) => ({ file, gzip: gzipBytes(file) })).sort((a, b) => b.gzip - a.gzip);
    return { gzip: sized.reduce((sum, { gzip }) => sum + gzip, 0), files: sized };
  };

  const entryChunks = appClosure(manifest);
  const pageKeys = new Set([...pages.values()].filter((page) => page.lazy).flatMap((page) => page.srcs.map((src) => bySrc.get(src))));
  const shellLazy = [...entryChunks].flatMap((key) => manifest[key].dynamicImports ?? []).filter((key) => !pageKeys.has(key));

  const missing = (route, src) => {
    throw new Error(`${route}: the manifest has no chunk for ${src}`);
  };
  return known.routes.map((route) => {
    const page = pages.get(route);
    if (!page) throw new Error(`${route} is in APP_ROUTES but the router has no <Route path="${route}">`);
    // Every module the page's loader imports: the admin's job page comes with the findings feature's map and candidates.
    const loaded = page.lazy ? page.srcs.map((src) => bySrc.get(src) ?? missing(route, src)) : [];
    const chunks = staticClosure(manifest, [...entries, APP_MODULE, ...loaded]);
    const deferred = [...staticClosure(manifest, shellLazy)].filter((key) => !chunks.has(key));
    return {
      route,
      isPublic: known.publicRoutes.includes(route),
      page: page.src,
      js: measure(new Set([...chunks].map((key) => manifest[key].file))),
      css: measure(new Set([...chunks, ...deferred].flatMap((key) => manifest[key].css ?? []))),
      deferredJs: measure(new Set(deferred.map((key) => manifest[key].file))),
    };
  });
}
