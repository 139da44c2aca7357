// JavaScript and CSS bytes (gzip, level 9) a first visit to each route downloads, from the built
// client: public routes first, then the others. Prints a table (JS to render the route, JS the shell
// loads on demand: the contact form as the reader nears it, the toaster with the first toast; CSS), the home page against its 100 KB JavaScript budget
// (issue 6, 1 KB = 1000 bytes) and the home page's files, largest first. Reports only: exits 0.
// Usage: npm run build && node bench/bundle-size.mjs [distDir=dist]
import { routeBytes } from "./route-bytes.mjs";

const HOME_JS_BUDGET = 100_000;
const distDir = process.argv[2];

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const rows = await routeBytes(distDir);
const ordered = [...rows.filter((row) => row.isPublic), ...rows.filter((row) => !row.isPublic)];

const width = Math.max(...rows.map((row) => row.route.length), "route".length) + 2;
const line = (route, js, deferred, total, css) => `${route.padEnd(width)}${js.padStart(10)}${deferred.padStart(14)}${total.padStart(12)}${css.padStart(12)}`;
console.log(line("route", "JS gzip", "+ deferred JS", "= JS total", "CSS gzip"));
for (const [index, row] of ordered.entries()) {
  if (index > 0 && row.isPublic !== ordered[index - 1].isPublic) console.log("");
  console.log(line(row.route, kb(row.js.gzip), kb(row.deferredJs.gzip), kb(row.js.gzip + row.deferredJs.gzip), kb(row.css.gzip)));
}

const home = rows.find((row) => row.route === "/");
if (home) {
  const total = home.js.gzip + home.deferredJs.gzip;
  const verdict = (bytes) => (bytes <= HOME_JS_BUDGET ? "within" : `OVER by ${kb(bytes - HOME_JS_BUDGET)}`);
  console.log(`\nhome page JavaScript, budget ${kb(HOME_JS_BUDGET)} gzip: ${kb(home.js.gzip)} to render (${verdict(home.js.gzip)}), ${kb(total)} with the on-demand chunks (${verdict(total)}); the budget counts what loads with the page (e2e/budget.spec.ts)`);
  for (const { file, gzip } of home.js.files) console.log(`  ${kb(gzip).padStart(9)}  ${file}`);
  for (const { file, gzip } of home.deferredJs.files) console.log(`  ${kb(gzip).padStart(9)}  ${file} (deferred)`);
}
