// Which built chunks each page of the client needs, read from the router and Vite's manifest so
// neither needs a table kept in sync: the build preloads a page's chunks from its HTML
// (scripts/prerender.mjs), and bench/route-bytes.mjs weighs them.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectDir = fileURLToPath(new URL("..", import.meta.url));
const ROUTER_FILE = path.join(projectDir, "client/src/app/router.tsx");
// Vite's root (vite.config.ts): manifest `src` keys are relative to it, "@/" points into it.
const VITE_ROOT = path.join(projectDir, "client");
const ALIASES = { "@/": path.join(VITE_ROOT, "src/") };
const EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", "/index.tsx", "/index.ts"];

function resolveModule(specifier, fromFile) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const bare = alias ? ALIASES[alias] + specifier.slice(alias.length) : path.resolve(path.dirname(fromFile), specifier);
  const file = [bare, ...EXTENSIONS.map((ext) => bare + ext)].find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!file) throw new Error(`${fromFile}: cannot resolve ${specifier}`);
  return path.relative(VITE_ROOT, file).split(path.sep).join("/");
}

/**
 * Path → page module as the router renders it: `{ src, lazy }`, `src` relative to Vite's root, and
 * for a lazy page `srcs`, every module its loader imports (`src` is the first). Reads
 * `const X = screen(() => import("…"))`, `import X from "…"` and the `"/path": X,` entries of its SCREENS.
 */
export function routerPages(routerFile = ROUTER_FILE) {
  const source = readFileSync(routerFile, "utf8");
  const components = new Map();
  for (const [, name, specifier] of source.matchAll(/^import\s+(\w+)\s+from\s+["']([^"']+)["']/gm)) {
    if (specifier.startsWith(".") || Object.keys(ALIASES).some((prefix) => specifier.startsWith(prefix))) {
      components.set(name, { src: resolveModule(specifier, routerFile), lazy: false });
    }
  }
  // Each `const X = screen(…)` up to the next top-level declaration: every module its loader imports.
  for (const [, name, loader] of source.matchAll(/^const\s+(\w+)\s*=\s*screen\(([\s\S]*?)(?=^(?:const|function|export|\/\*\*|\/\/)\s)/gm)) {
    const srcs = [...loader.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map(([, specifier]) => resolveModule(specifier, routerFile));
    if (srcs.length === 0) throw new Error(`${routerFile}: the screen ${name} imports no module`);
    components.set(name, { src: srcs[0], srcs, lazy: true });
  }
  const pages = new Map();
  for (const [, routePath, component] of source.matchAll(/^\s*"(\/[^"]*)":\s*(\w+),$/gm)) {
    const page = components.get(component);
    if (!page) throw new Error(`${routerFile}: ${routePath} renders ${component}, which is not an imported page`);
    pages.set(routePath, page);
  }
  return pages;
}

/** The chunks `keys` load before running: themselves and their static imports, transitively. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    pending.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/**
 * The module the entry imports once a prerendered page has painted (client/src/main.tsx): the app
 * itself, which every page needs, though the entry chunk does not carry it.
 */
export const APP_MODULE = "src/start.tsx";

/** The chunks every page loads: the entry, the app it starts, and their static imports. */
export function appClosure(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (!manifest[APP_MODULE]) throw new Error(`the manifest has no chunk for ${APP_MODULE}`);
  return staticClosure(manifest, [...entries, APP_MODULE]);
}

/**
 * Route → the files its lazy page needs beyond the entry's (the page's chunk and its static imports,
 * transitively), from a built client's manifest. Pages in the entry chunk have none.
 */
export function pageChunks(clientDir, routerFile = ROUTER_FILE) {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const entryChunks = staticClosure(manifest, entries);
  const bySrc = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.src ?? key, key]));
  const chunks = {};
  for (const [route, page] of routerPages(routerFile)) {
    if (!page.lazy) continue;
    const keys = page.srcs.map((src) => {
      const key = bySrc.get(src);
      if (!key) throw new Error(`${route}: the manifest has no chunk for ${src}`);
      return key;
    });
    chunks[route] = [...staticClosure(manifest, [APP_MODULE, ...keys])].filter((chunk) => !entryChunks.has(chunk)).map((chunk) => manifest[chunk].file);
  }
  return chunks;
}
