// How the benches time interactions in Chromium on mobile settings (bench/interactions.mjs,
// bench/findings-view.mjs): a 412 × 823 touch screen with the CPU slowed down 4 times; each
// interaction's latency is the browser's own, the Event Timing API's longest entry of the
// interaction, as Interaction to Next Paint takes it (entries under 16 ms are not reported).
import os from "node:os";
import { browserCookies } from "./server-process.mjs";

export const CPU_SLOWDOWN = 4;
// Lighthouse's mobile screen (a Moto G Power), with touch.
export const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** The machine's load average: a busy host slows every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/**
 * Runs before the page's own scripts: keeps every Event Timing entry of at least 16 ms, and the
 * timestamps of the inputs themselves (for the time until a result is shown).
 */
function recordEvents() {
  window.__entries = [];
  window.__inputs = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { name, startTime, duration, interactionId, processingStart, processingEnd } = entry;
      window.__entries.push({ name, startTime, duration, interactionId, processingStart, processingEnd });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  for (const type of ["pointerdown", "keydown", "input"]) {
    window.addEventListener(type, (event) => window.__inputs.push({ type, timeStamp: event.timeStamp }), { capture: true });
  }
}

/** A phone's page (MOBILE, CPU slowed down), logged in with `cookie` (a Cookie header) when given, recording events. */
export async function mobilePage(browser, base, cookie) {
  const context = await browser.newContext(MOBILE);
  if (cookie) await context.addCookies(browserCookies(cookie, base));
  await context.addInitScript(recordEvents);
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Navigates and waits until React has adopted the prerendered page (<html data-ready>, app/page-ready.tsx). */
export async function open(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "true", undefined, { timeout: 60_000 });
}

/**
 * Waits until the page has finished loading what it loads after it is ready (the contact form,
 * sections shown lazily): no request for half a second, then a quiet moment; the interactions
 * measured are a visitor's once the page is up, not the page's own start.
 */
export async function quiet(page) {
  await page.waitForLoadState("networkidle");
  await settle(page);
  await page.waitForTimeout(500);
}

/** Waits a few frames and a moment. */
export async function settle(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        let frames = 0;
        const tick = () => (++frames >= 3 ? setTimeout(resolve, 150) : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
  );
}

const pageNow = (page) => page.evaluate(() => performance.now());

/** How long an entry may take to be reported after its interaction: it comes after its paint, which a busy machine delays. */
const REPORTING_MS = 1_000;

/**
 * Runs `action` (an interaction and what it waits for) and answers the latency of the
 * interactions whose input came meanwhile: per interaction (interactionId), its longest Event
 * Timing entry; `longest` is the longest of them, null when no entry reached 16 ms. With `inputs`,
 * "input" entries count too (they have no interactionId: a slider moved by a drag). Also answers
 * the inputs' own timestamps (pointerdown, keydown, input) and `result`, what `action` answered.
 */
export async function measure(page, action, { inputs = false } = {}) {
  const from = await pageNow(page);
  const result = await action();
  await settle(page);
  const to = await pageNow(page);
  await page.waitForTimeout(REPORTING_MS);
  const measured = await page.evaluate(
    ([start, end, withInputs]) => {
      const entries = window.__entries.filter((entry) => entry.startTime >= start && entry.startTime < end);
      const longest = new Map();
      for (const entry of entries) {
        const key = entry.interactionId > 0 ? entry.interactionId : withInputs && entry.name === "input" ? `input@${entry.startTime}` : null;
        if (key === null) continue;
        longest.set(key, Math.max(longest.get(key) ?? 0, entry.duration));
      }
      return {
        longest: longest.size ? Math.max(...longest.values()) : null,
        each: [...longest.values()],
        inputs: window.__inputs.filter((input) => input.timeStamp >= start && input.timeStamp < end),
        entries,
      };
    },
    [from, to, inputs],
  );
  // BENCH_DETAIL=1: the entries that count, to see which event took the time.
  if (process.env.BENCH_DETAIL) {
    // Each entry's input delay (waiting for the main thread), its handlers' time, and the rest until the paint.
    const parts = (entry) => {
      const delay = entry.processingStart - entry.startTime;
      const handlers = entry.processingEnd - entry.processingStart;
      return `${delay.toFixed(0)}+${handlers.toFixed(0)}+${(entry.duration - delay - handlers).toFixed(0)}`;
    };
    const shown = measured.entries.filter((entry) => entry.interactionId > 0 || entry.name === "input" || entry.name === "mousedown");
    console.log(
      `    entries (delay+handlers+to paint): ${shown.map((entry) => `${entry.name}#${entry.interactionId} ${entry.duration} ms (${parts(entry)})`).join(", ") || "none"}`,
    );
  }
  return { ...measured, result };
}

/**
 * Starts waiting in the page until `condition` (a function's source, evaluated on each DOM change)
 * holds; answers the time of the next animation frame after that, in the page's clock.
 */
export function shownAt(page, conditionSource, timeout = 30_000) {
  return page.evaluate(
    ([source, limit]) =>
      new Promise((resolve, reject) => {
        const condition = new Function(`return (${source})();`);
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`not shown within ${limit} ms: ${source}`));
        }, limit);
        const check = () => {
          if (!condition()) return false;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now()));
          return true;
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
        check();
      }),
    [conditionSource, timeout],
  );
}

/**
 * A report's rows, against `targetMs`: `report` prints one and keeps it in `results`; `conclude`
 * prints the load average after and the rows `counted` (by label) whose worst is over the target.
 */
export function createReport(targetMs) {
  const results = [];
  /** One row of the report: `values` in ms, null meaning under 16 ms (no entry). */
  function report(label, values, { target = true } = {}) {
    const sorted = [...values].sort((a, b) => (a ?? 0) - (b ?? 0));
    const show = (value) => (value === null ? "<16" : value.toFixed(0)).padStart(5);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    const worst = sorted[sorted.length - 1];
    const verdict = target ? ((worst ?? 0) <= targetMs ? "within" : "OVER") : "";
    results.push({ label, median, worst });
    console.log(
      `${label.padEnd(58)} median ${show(median)} ms   worst ${show(worst)} ms   ${verdict.padEnd(6)} (${values.map((value) => (value === null ? "<16" : value.toFixed(0))).join(", ")})`,
    );
  }
  function conclude(counted) {
    const over = results.filter((row) => counted(row.label) && (row.worst ?? 0) > targetMs);
    console.log(`\nload average after: ${loadAverage()}`);
    console.log(
      over.length
        ? `over the ${targetMs} ms target at worst: ${over.map((row) => row.label.trim()).join("; ")}`
        : `every interaction within ${targetMs} ms at worst`,
    );
  }
  return { report, results, conclude };
}
