// Lighthouse scores for every screen: performance, accessibility, best practices
// and SEO with Lighthouse's default settings, which are mobile (a phone's screen, simulated slow 4G
// and a 4x slower CPU), in Debian's Chromium. Starts the built server (NODE_ENV=production, PGlite in
// a temporary DATA_DIR) unless BASE_URL names a running one, audits one screen at a time in a fresh
// headless Chromium, prints scores, metrics and the JavaScript transferred per screen, then, for
// every category under 100, the audits that cost it points (Lighthouse's own "failed" line: score
// under 0.9, plus any weighted metric under 1), with a few of the elements or URLs each one names.
// Screens: every public route, then the portal's: /login as a visitor, and, with sessions this
// script makes through the API (bench/portal-data.mjs: a new customer with a quote, two jobs, a
// report, a photo, an invoice and a bank-transfer payment; the admin of ADMIN_USERNAME and
// ADMIN_PASSWORD), the customer's /dashboard and /dashboard/jobs/:id and the back office's
// /admin-dashboard and /admin-dashboard/jobs/:id. The session reaches Chromium as a Cookie header on
// every request (Lighthouse's extraHeaders flag: its storage reset would clear a cookie set in the
// browser); a screen that lands anywhere else (the login page) counts as a failed run.
// JavaScript per screen, 1 KB = 1000 bytes, over every script the page fetched until Lighthouse
// stopped (network-requests' Script resources: the page's chunks, and those it loads on its own, such
// as the contact form's): "JS sent" is Lighthouse's transfer size, response headers included (about
// 1.2 KB each here over HTTP/1.1, which dwarfs the many small chunks' bodies); "JS" is the bodies
// alone as the server sends them to Chromium (brotli), fetched again by this script, the figure to
// read against the portal's 150 KB goal (bench/bundle-size.mjs counts gzip at level 9: 15–20 % more).
// Simulated throttling scales by a CPU benchmark Lighthouse takes on every run, so a busy machine
// moves performance: with --runs N the row of each screen is its median run by performance.
// Exits non-zero if a run fails or a reported score is below 95 (the floor every screen is held to,
// docs/benchmarks.md), SEO on the portal's screens excepted: they are noindex by design
// (robots.txt and their meta tag), so their SEO score is reported but not held to the floor.
// --only public or --only portal audits that part alone (default: both); --screen TEXT only the
// screens whose route contains TEXT (the portal's "jobs/" is the two job pages).
// Usage: npm run build && node bench/lighthouse.mjs [--runs N=1] [--json FILE] [--only public|portal] [--screen TEXT]
//        BASE_URL=http://127.0.0.1:5000 ADMIN_USERNAME=… ADMIN_PASSWORD=… node bench/lighthouse.mjs
//        (audits a running server; the portal's screens need its admin's credentials)
//        LIGHTHOUSE_SAVE_DIR=DIR node bench/lighthouse.mjs …  (also writes each run's whole Lighthouse report there, as JSON)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { seedPortal } from "./portal-data.mjs";
import { loadRoutes } from "./route-bytes.mjs";
import { freePort, NO_OUTSIDE_SERVICES, stop, waitFor } from "./server-process.mjs";

const FLOOR = 95;
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];
const CATEGORIES = [
  { id: "performance", label: "performance" },
  { id: "accessibility", label: "accessibility" },
  { id: "best-practices", label: "best practices" },
  { id: "seo", label: "SEO" },
];
const METRICS = [
  { id: "first-contentful-paint", label: "FCP" },
  { id: "largest-contentful-paint", label: "LCP" },
  { id: "total-blocking-time", label: "TBT" },
  { id: "cumulative-layout-shift", label: "CLS" },
  { id: "speed-index", label: "Speed Index" },
];
// Lighthouse's report lists an audit as passed from this score on.
const PASS_SCORE = 0.9;
const DETAILS_SHOWN = 3;
const MAX_ATTEMPTS = 3;
const KB = 1000;
// The administrator of the server this script starts.
const BENCH_ADMIN = { username: "bench", password: "bench-password" };
// Not held to the floor on the portal's screens, which are noindex by design.
const PORTAL_UNFLOORED = new Set(["seo"]);
const SUBSETS = ["all", "public", "portal"];
const projectDir = fileURLToPath(new URL("..", import.meta.url));

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    json: { type: "string" },
    only: { type: "string", default: "all" },
    screen: { type: "string", default: "" },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, not ${options.runs}`);
if (!SUBSETS.includes(options.only)) throw new Error(`--only must be public or portal, not ${options.only}`);
if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (never a downloaded browser)`);

/** The built server as production runs it: HSTS, upgrade-insecure-requests, no demo payments. */
function startServer(port, dataDir) {
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Set, so start-up prints no generated admin password.
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // PGlite in this run's folder.
    DATABASE_URL: "",
    UPLOADS_DIR: "",
    ...NO_OUTSIDE_SERVICES,
  };
  const child = spawn(process.execPath, ["dist/server/index.js"], { cwd: projectDir, env, stdio: "inherit" });
  return { base, child };
}

/** One Lighthouse run in its own Chromium, so no cache or storage carries over between runs; `cookie` ("name=value") is sent with every request. */
async function audit(url, cookie) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const flags = {
      port: chrome.port,
      logLevel: "error",
      onlyCategories: CATEGORIES.map((c) => c.id),
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`${url}: Lighthouse returned no result`);
    if (process.env.LIGHTHOUSE_SAVE_DIR) {
      const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE_DIR, name), JSON.stringify(result.lhr));
    }
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * A run whose trace came out unusable (now and then NO_NAVSTART here) is taken again, as Lighthouse's
 * message asks, up to MAX_ATTEMPTS; a page that never paints keeps failing and is reported.
 */
async function auditWithRetries(url, cookie) {
  const failures = [];
  for (;;) {
    const lhr = await audit(url, cookie);
    if (!lhr.runtimeError || failures.length + 1 >= MAX_ATTEMPTS) return { lhr, failures };
    failures.push(lhr.runtimeError.code);
  }
}

/** What an audit points at, a line each: an element, a URL or an issue, with what it costs when it says. */
function detailLines(details) {
  const items = details?.type === "list" ? details.items.flatMap((table) => table.items ?? []) : (details?.items ?? []);
  const describe = (item) => {
    const what =
      item.node?.snippet ??
      item.node?.selector ??
      item.url ??
      item.source?.url ??
      item.issueType ??
      item.groupLabel ??
      item.description ??
      item.href ??
      item.text ??
      item.label;
    if (typeof what !== "string") return undefined;
    const ms = item.wastedMs ?? item.total ?? item.duration;
    const cost = item.wastedBytes ? ` (${(item.wastedBytes / 1024).toFixed(0)} KiB)` : typeof ms === "number" ? ` (${ms.toFixed(0)} ms)` : "";
    return `${what.replace(/\s+/g, " ").slice(0, 160)}${cost}`;
  };
  const lines = items.map(describe).filter(Boolean);
  return { lines: lines.slice(0, DETAILS_SHOWN), more: Math.max(0, lines.length - DETAILS_SHOWN) };
}

function costsPoints(ref, audit) {
  if (ref.group === "hidden" || ["manual", "notApplicable", "informative"].includes(audit.scoreDisplayMode)) return false;
  if (audit.scoreDisplayMode === "error") return true;
  return audit.score !== null && (audit.score < PASS_SCORE || (ref.weight > 0 && audit.score < 1));
}

/** The scripts the run fetched: network-requests' Script resources. */
function scriptsOf(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items;
  return Array.isArray(items) ? items.filter((item) => item.resourceType === "Script") : null;
}

/** The body of `url` as the server sends it to a browser that takes brotli or gzip, in bytes (node:http does not decode it). */
function encodedLength(url) {
  return new Promise((resolve, reject) => {
    const get = url.startsWith("https:") ? httpsGet : httpGet;
    get(url, { headers: { "accept-encoding": "br, gzip, deflate" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** JavaScript of the run: `sent` with headers as Lighthouse counted it, `body` the encoded bodies alone (null when a script was not the server's own). */
async function scriptBytes(lhr, base) {
  const scripts = scriptsOf(lhr);
  if (!scripts) return { sent: null, body: null };
  const sent = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  if (scripts.some((item) => !item.url.startsWith(`${base}/`))) return { sent, body: null };
  const bodies = await Promise.all(scripts.map((item) => encodedLength(item.url)));
  return { sent, body: bodies.reduce((sum, bytes) => sum + bytes, 0) };
}

function summarize(lhr, expectedPath, js) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const scores = Object.fromEntries(CATEGORIES.map(({ id }) => [id, score(id)]));
  const metrics = Object.fromEntries(
    METRICS.map(({ id }) => [id, { value: lhr.audits[id]?.numericValue ?? null, display: lhr.audits[id]?.displayValue ?? null }]),
  );
  const failing = {};
  for (const { id } of CATEGORIES) {
    if (scores[id] === 100 || !lhr.categories[id]) continue;
    failing[id] = lhr.categories[id].auditRefs
      .filter((ref) => costsPoints(ref, lhr.audits[ref.id]))
      .map((ref) => {
        const audit = lhr.audits[ref.id];
        return {
          id: ref.id,
          title: audit.title,
          score: audit.score,
          weight: ref.weight,
          displayValue: audit.displayValue ?? audit.errorMessage ?? null,
          details: detailLines(audit.details),
        };
      });
  }
  // A session that did not take lands on /login: the row would be the login page's.
  const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
  const wrongPage = landedOn === expectedPath ? null : `the page ended on ${landedOn}, not ${expectedPath}`;
  return {
    scores,
    metrics,
    js,
    failing,
    runtimeError: lhr.runtimeError?.message ?? wrongPage,
    runWarnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    userAgent: lhr.environment.hostUserAgent,
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** The run with the median performance score; with an even count, the lower of the two middle ones. */
function medianRun(results) {
  const sorted = [...results].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const show = (value) => (value === null ? "error" : String(value));

const kb = (bytes) => (bytes === null ? "–" : `${(bytes / KB).toFixed(1)} KB`);

function printTable(rows) {
  const header = ["route", ...CATEGORIES.map((c) => c.label), ...METRICS.map((m) => m.label), "JS", "JS sent"];
  const cells = rows.map(({ route, reported }) => [
    route,
    ...CATEGORIES.map(({ id }) => show(reported.scores[id])),
    ...METRICS.map(({ id }) => reported.metrics[id].display ?? "–"),
    kb(reported.js.body),
    kb(reported.js.sent),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  for (const row of cells) console.log(line(row));
}

function printFailing(rows) {
  for (const { route, reported } of rows) {
    const categories = CATEGORIES.filter(({ id }) => reported.failing[id]);
    if (categories.length === 0 && !reported.runtimeError) continue;
    console.log(`\n${route}`);
    for (const warning of reported.runWarnings) console.log(`  warning: ${warning}`);
    // Every audit that needs the trace fails with it: the one message says it all.
    if (reported.runtimeError) {
      const attempts = reported.retriedAfter.length > 0 ? ` after ${reported.retriedAfter.length + 1} attempts` : "";
      console.log(`  run failed${attempts}: ${reported.runtimeError}`);
      continue;
    }
    for (const { id, label } of categories) {
      console.log(`  ${label} ${show(reported.scores[id])}`);
      if (reported.failing[id].length === 0) console.log("    (no single audit below its pass mark)");
      for (const audit of reported.failing[id]) {
        const weight = audit.weight > 0 && id === "performance" ? `, weight ${audit.weight}` : "";
        const value = audit.displayValue ? `: ${audit.displayValue}` : "";
        console.log(`    ${audit.id} (score ${show(audit.score)}${weight}) ${audit.title}${value}`);
        for (const detail of audit.details.lines) console.log(`        ${detail}`);
        if (audit.details.more > 0) console.log(`        … and ${audit.details.more} more`);
      }
    }
  }
}

/** The portal's screens, with the sessions bench/portal-data.mjs makes on `base`. */
async function portalScreens(base) {
  const admin = process.env.BASE_URL ? { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD } : BENCH_ADMIN;
  if (!admin.username || !admin.password)
    throw new Error("the portal's screens of BASE_URL need ADMIN_USERNAME and ADMIN_PASSWORD (its administrator); or run with --only public");
  const seedStarted = Date.now();
  const { customerCookie, adminCookie, jobId, counts } = await seedPortal(base, admin);
  const listed = Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  console.log(`  a new customer's lists: ${listed}; job ${jobId} delivered and invoiced (${((Date.now() - seedStarted) / 1000).toFixed(1)} s)`);
  return [
    { route: "/login", cookie: null },
    { route: "/dashboard", cookie: customerCookie },
    { route: `/dashboard/jobs/${jobId}`, cookie: customerCookie },
    { route: "/admin-dashboard", cookie: adminCookie },
    { route: `/admin-dashboard/jobs/${jobId}`, cookie: adminCookie },
  ].map((screen) => ({ ...screen, portal: true }));
}

const started = Date.now();
const { publicRoutes } = await loadRoutes();
const dataDir = process.env.BASE_URL ? null : mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-"));
let server;
try {
  let base = process.env.BASE_URL?.replace(/\/+$/, "");
  if (!base) {
    server = startServer(await freePort(), dataDir);
    base = server.base;
    await waitFor(`${base}/api/health`, server.child);
  }
  console.log(`Lighthouse on mobile settings, ${base}, ${runs} run${runs > 1 ? "s" : ""} per screen`);

  const screens = [
    ...(options.only === "portal" ? [] : publicRoutes.map((route) => ({ route, cookie: null, portal: false }))),
    ...(options.only === "public" ? [] : await portalScreens(base)),
  ].filter(({ route }) => route.includes(options.screen));
  if (screens.length === 0) throw new Error(`no screen's route contains ${options.screen}`);
  const rows = [];
  for (const { route, cookie, portal } of screens) {
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const runStarted = Date.now();
      const { lhr, failures } = await auditWithRetries(`${base}${route}`, cookie);
      const result = { ...summarize(lhr, route, await scriptBytes(lhr, base)), retriedAfter: failures };
      results.push(result);
      const scores = CATEGORIES.map(({ id }) => show(result.scores[id])).join(" ");
      const retried = failures.length > 0 ? `, taken again after ${failures.join(", ")}` : "";
      console.log(
        `  ${route} run ${run}/${runs}: ${scores}, JS ${kb(result.js.body)} (${kb(result.js.sent)} sent) (CPU benchmark ${result.benchmarkIndex}, ${((Date.now() - runStarted) / 1000).toFixed(1)} s${retried})`,
      );
    }
    rows.push({ route, portal, reported: medianRun(results), runs: results });
  }

  const { lighthouseVersion, userAgent } = rows[0].reported;
  console.log(`\nLighthouse ${lighthouseVersion}, ${userAgent}${runs > 1 ? "; per screen the median run by performance" : ""}\n`);
  printTable(rows);
  if (runs > 1) {
    console.log("\nperformance per run:");
    for (const { route, runs: results } of rows) console.log(`  ${route}: ${results.map((r) => show(r.scores.performance)).join(", ")}`);
  }
  printFailing(rows);

  const below = rows.flatMap(({ route, portal, reported }) =>
    reported.runtimeError
      ? [`${route} failed`]
      : CATEGORIES.filter(({ id }) => !(portal && PORTAL_UNFLOORED.has(id)))
          .filter(({ id }) => reported.scores[id] === null || reported.scores[id] < FLOOR)
          .map(({ id, label }) => `${route} ${label} ${show(reported.scores[id])}`),
  );
  if (rows.some(({ portal }) => portal)) console.log(`\nSEO on the portal's screens (noindex by design) is reported, not held to ${FLOOR}.`);
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify({ lighthouseVersion, userAgent, baseUrl: base, runs, floor: FLOOR, routes: rows }, null, 2)}\n`);
  }
  console.log(
    `\n${below.length === 0 ? `every score held to the floor ≥ ${FLOOR}` : `below ${FLOOR}: ${below.join("; ")}`} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`,
  );
  if (below.length > 0) process.exitCode = 1;
} finally {
  await stop(server?.child);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
