// JavaScript and CSS bytes (gzip, level 9) a first visit to each route downloads, from the built
// client: public routes first, then the others. Prints a table (JS to render the route and its number
// of files, each a request of its own over HTTP/1.1, JS the shell
// loads on demand: the contact form as the reader nears it, the toaster with the first toast; CSS), the home page against its 100 KB JavaScript budget
// (docs/architecture.md §5, 1 KB = 1000 bytes) with the contact form's code, the part that loads
// with the page against its 85 KB target
// (docs/decisions/0041-component-classes-in-a-lower-layer.md), and the home page's files, largest
// first. Reports only: exits 0.
// Usage: npm run build && node bench/bundle-size.mjs [distDir=dist]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { routeBytes } from "./route-bytes.mjs";

const HOME_JS_BUDGET = 102_000;
const HOME_JS_WITH_PAGE_TARGET = 85_000;
// The deferred chunks e2e/budget.spec.ts counts with the page: the contact section every page ends
// with, and its form, both loaded as the reader nears them.
const CONTACT_SRCS = ["src/app/layout/contact-section.tsx", "src/features/contact/contact-form.tsx"];
const distDir = process.argv[2];

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const rows = await routeBytes(distDir);
const ordered = [...rows.filter((row) => row.isPublic), ...rows.filter((row) => !row.isPublic)];

const width = Math.max(...rows.map((row) => row.route.length), "route".length) + 2;
const line = (route, js, files, deferred, total, css) =>
  `${route.padEnd(width)}${js.padStart(10)}${files.padStart(9)}${deferred.padStart(14)}${total.padStart(12)}${css.padStart(12)}`;
console.log(line("route", "JS gzip", "JS files", "+ deferred JS", "= JS total", "CSS gzip"));
for (const [index, row] of ordered.entries()) {
  if (index > 0 && row.isPublic !== ordered[index - 1].isPublic) console.log("");
  console.log(line(row.route, kb(row.js.gzip), String(row.js.files.length), kb(row.deferredJs.gzip), kb(row.js.gzip + row.deferredJs.gzip), kb(row.css.gzip)));
}

/** The files of manifest chunks and of their static imports, transitively. */
function chunkFiles(srcs) {
  const manifest = JSON.parse(readFileSync(path.join(distDir ?? fileURLToPath(new URL("../dist", import.meta.url)), "client/.vite/manifest.json"), "utf8"));
  const files = new Set();
  const seen = new Set();
  const pending = [...srcs];
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    files.add(manifest[key].file);
    pending.push(...(manifest[key].imports ?? []));
  }
  return files;
}

const home = rows.find((row) => row.route === "/");
if (home) {
  const formFiles = chunkFiles(CONTACT_SRCS);
  const withForm = home.js.gzip + home.deferredJs.files.filter(({ file }) => formFiles.has(file)).reduce((sum, { gzip }) => sum + gzip, 0);
  const total = home.js.gzip + home.deferredJs.gzip;
  const verdict = (bytes, limit) => (bytes <= limit ? "within" : `OVER by ${kb(bytes - limit)}`);
  console.log(
    `\nhome page JavaScript, gzip: ${kb(home.js.gzip)} with the page (target ${kb(HOME_JS_WITH_PAGE_TARGET)}: ${verdict(home.js.gzip, HOME_JS_WITH_PAGE_TARGET)}), ` +
      `${kb(withForm)} with the contact form (budget ${kb(HOME_JS_BUDGET)}: ${verdict(withForm, HOME_JS_BUDGET)}; e2e/budget.spec.ts counts this), ` +
      `${kb(total)} with every on-demand chunk (the toaster comes with the first toast)`,
  );
  for (const { file, gzip } of home.js.files) console.log(`  ${kb(gzip).padStart(9)}  ${file}`);
  for (const { file, gzip } of home.deferredJs.files) console.log(`  ${kb(gzip).padStart(9)}  ${file} (${formFiles.has(file) ? "contact form" : "deferred"})`);
}
