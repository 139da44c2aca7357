// Lighthouse scores for every public route (issue 6): performance, accessibility, best practices and
// SEO with Lighthouse's default settings, which are mobile (a phone's screen, simulated slow 4G and a
// 4x slower CPU), in Debian's Chromium. Starts the built server (NODE_ENV=production, PGlite in a
// temporary DATA_DIR) unless BASE_URL names a running one, audits one route at a time in a fresh
// headless Chromium, prints scores and metrics per route, then, for every category under 100, the
// audits that cost it points (Lighthouse's own "failed" line: score under 0.9, plus any weighted metric
// under 1), with a few of the elements or URLs each one names.
// Simulated throttling scales by a CPU benchmark Lighthouse takes on every run, so a busy machine
// moves performance: with --runs N the row of each route is its median run by performance.
// Exits non-zero if any reported score is below 95 (the issue's floor) or a run fails.
// Usage: npm run build && node bench/lighthouse.mjs [--runs N=1] [--json FILE]
//        BASE_URL=http://127.0.0.1:5000 node bench/lighthouse.mjs   (audits a running server)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { loadRoutes } from "./route-bytes.mjs";
import { freePort, NO_OUTSIDE_SERVICES, stop, waitFor } from "./server-process.mjs";

const FLOOR = 95;
const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];
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
const projectDir = fileURLToPath(new URL("..", import.meta.url));

const { values: options } = parseArgs({ options: { runs: { type: "string", default: "1" }, json: { type: "string" } } });
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, not ${options.runs}`);
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (never a downloaded browser)`);

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
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password",
    // PGlite in this run's folder.
    DATABASE_URL: "",
    UPLOADS_DIR: "",
    ...NO_OUTSIDE_SERVICES,
  };
  const child = spawn(process.execPath, ["dist/server/index.js"], { cwd: projectDir, env, stdio: "inherit" });
  return { base, child };
}

/** One Lighthouse run in its own Chromium, so no cache or storage carries over between runs. */
async function audit(url) {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: CATEGORIES.map((c) => c.id) });
    if (!result) throw new Error(`${url}: Lighthouse returned no result`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * A run whose trace came out unusable (now and then NO_NAVSTART here) is taken again, as Lighthouse's
 * message asks, up to MAX_ATTEMPTS; a page that never paints keeps failing and is reported.
 */
async function auditWithRetries(url) {
  const failures = [];
  for (;;) {
    const lhr = await audit(url);
    if (!lhr.runtimeError || failures.length + 1 >= MAX_ATTEMPTS) return { lhr, failures };
    failures.push(lhr.runtimeError.code);
  }
}

/** What an audit points at, a line each: an element, a URL or an issue, with what it costs when it says. */
function detailLines(details) {
  const items = details?.type === "list" ? details.items.flatMap((table) => table.items ?? []) : (details?.items ?? []);
  const describe = (item) => {
    const what = item.node?.snippet ?? item.node?.selector ?? item.url ?? item.source?.url ?? item.issueType ?? item.groupLabel ?? item.description ?? item.href ?? item.text ?? item.label;
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

function summarize(lhr) {
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
  return {
    scores,
    metrics,
    failing,
    runtimeError: lhr.runtimeError?.message ?? null,
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

function printTable(rows) {
  const header = ["route", ...CATEGORIES.map((c) => c.label), ...METRICS.map((m) => m.label)];
  const cells = rows.map(({ route, reported }) => [
    route,
    ...CATEGORIES.map(({ id }) => show(reported.scores[id])),
    ...METRICS.map(({ id }) => reported.metrics[id].display ?? "–"),
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
      console.log(`  run failed after ${MAX_ATTEMPTS} attempts: ${reported.runtimeError}`);
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
  console.log(`Lighthouse on mobile settings, ${base}, ${runs} run${runs > 1 ? "s" : ""} per route`);

  const rows = [];
  for (const route of publicRoutes) {
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const runStarted = Date.now();
      const { lhr, failures } = await auditWithRetries(`${base}${route}`);
      const result = { ...summarize(lhr), retriedAfter: failures };
      results.push(result);
      const scores = CATEGORIES.map(({ id }) => show(result.scores[id])).join(" ");
      const retried = failures.length > 0 ? `, taken again after ${failures.join(", ")}` : "";
      console.log(`  ${route} run ${run}/${runs}: ${scores} (CPU benchmark ${result.benchmarkIndex}, ${((Date.now() - runStarted) / 1000).toFixed(1)} s${retried})`);
    }
    rows.push({ route, reported: medianRun(results), runs: results });
  }

  const { lighthouseVersion, userAgent } = rows[0].reported;
  console.log(`\nLighthouse ${lighthouseVersion}, ${userAgent}${runs > 1 ? "; per route the median run by performance" : ""}\n`);
  printTable(rows);
  if (runs > 1) {
    console.log("\nperformance per run:");
    for (const { route, runs: results } of rows) console.log(`  ${route}: ${results.map((r) => show(r.scores.performance)).join(", ")}`);
  }
  printFailing(rows);

  const below = rows.flatMap(({ route, reported }) =>
    CATEGORIES.filter(({ id }) => reported.scores[id] === null || reported.scores[id] < FLOOR).map(({ id, label }) => `${route} ${label} ${show(reported.scores[id])}`),
  );
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify({ lighthouseVersion, userAgent, baseUrl: base, runs, floor: FLOOR, routes: rows }, null, 2)}\n`);
  }
  console.log(`\n${below.length === 0 ? `every score ≥ ${FLOOR}` : `below ${FLOOR}: ${below.join("; ")}`} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
  if (below.length > 0) process.exitCode = 1;
} finally {
  await stop(server?.child);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
