// The findings of one job on the admin's job page: 1,000 findings, imported through the
// API, on the map as pins and in the table, on mobile settings in Chromium (bench/event-timing.mjs:
// 412 × 823 touch screen, CPU slowed 4×; each interaction's latency is the Event Timing API's
// longest entry, as INP takes it). Measured, each over N rounds on a freshly loaded page, against
// 100 ms (1,000 findings must filter within 100 ms on a phone:
// docs/decisions/0035-findings-in-the-browser.md):
//  - typing a search into the table's search box: each key, keydown to next paint, and the time
//    from the last key to the filtered rows on screen (the table filters on each key, no pause);
//  - the severity filter: choosing "Critical" by keyboard (ArrowDown on the focused select), to the
//    next paint and to the filtered rows on screen;
//  - choosing a finding in the list (a phone's table): the tap to the next paint (its card marked,
//    its pin restyled, its detail opened) and to its detail on screen.
// Also the time from navigation to the table's first rows and the map's pins drawn. Exits non-zero
// when a step fails; figures over the target are reported, not failed.
// PGlite in a temporary DATA_DIR; with DATABASE_URL set, a fresh PostgreSQL database beside it, dropped after.
// Usage: npm run build && node bench/findings-view.mjs [repetitions=5] [findings=1000]
import os from "node:os";
import { chromium } from "@playwright/test";
import { chromiumLaunch } from "../scripts/chromium.mjs";
import { CPU_SLOWDOWN, createReport, loadAverage, measure, MOBILE, mobilePage, open, quiet, settle, shownAt } from "./event-timing.mjs";
import { call, loginCookie, withBenchServer } from "./server-process.mjs";

const repetitions = Number(process.argv[2] ?? 5);
const FINDINGS = Number(process.argv[3] ?? 1_000);
const TARGET_MS = 100;
const adminLogin = { username: "bench", password: "bench-password" };
const customerAccount = {
  username: "bench-findings",
  email: "bench-findings@example.com",
  password: "bench-findings-password",
  firstName: "Bench",
  lastName: "Findings",
};
const CLASSES = ["hot_spot", "multiple_hot_spots", "bypass_diode", "open_module", "soiling", "shading", "physical_damage", "junction_box"];
// The search typed: modules 10 to 19 of row 7 of the locators ("BA-R07-M12"), 1 in 50 findings;
// its last key still narrows the list (from row 7's findings), so the time to the rows is the last key's.
const SEARCH = "R07-M1";

/** A solar job of a customer's with FINDINGS findings on a 40 × 25 grid of modules, imported as one CSV. */
async function seed(base) {
  const admin = await loginCookie(base, adminLogin);
  const customerId = (await call(base, undefined, "POST", "/api/register", customerAccount)).json.id;
  const services = (await call(base, undefined, "GET", "/api/services?active=true")).json.data;
  const solar = services.find((service) => service.category === "solar") ?? services[0];
  const site = { name: "South array", address: "", latitude: 32.0, longitude: -97.6 };
  const job = (await call(base, admin, "POST", "/api/admin/jobs", { userId: customerId, serviceId: solar.id, title: "Bench findings", site })).json.data;
  const rows = Array.from({ length: FINDINGS }, (_, n) => {
    const row = Math.floor(n / 40);
    const module = n % 40;
    // ΔT from 1 to 30 °C: the severity follows it (a third or so critical).
    const deltaT = 1 + ((n * 7) % 30);
    return [
      CLASSES[n % CLASSES.length],
      (32 + row * 0.00004).toFixed(6),
      (-97.6 + module * 0.00003).toFixed(6),
      `B${"ABCD"[n % 4]}-R${String(row % 20).padStart(2, "0")}-M${String(module).padStart(2, "0")}`,
      deltaT,
    ].join(",");
  });
  const form = new FormData();
  form.append("file", new Blob([["class,lat,lon,locator,deltaT", ...rows].join("\n")], { type: "text/csv" }), "findings.csv");
  const imported = (await call(base, admin, "POST", `/api/admin/jobs/${job.id}/findings/import`, form)).json;
  if (imported.data.length !== FINDINGS) throw new Error(`imported ${imported.data.length} findings, not ${FINDINGS}`);
  const critical = imported.data.filter((finding) => finding.severity === "critical").length;
  const searched = imported.data.filter((finding) => finding.locator.includes(SEARCH)).length;
  const beforeLastKey = imported.data.filter((finding) => finding.locator.includes(SEARCH.slice(0, -1))).length;
  if (beforeLastKey === searched) throw new Error(`the search's last key should narrow the list: ${searched} findings either way`);
  return { admin, jobId: job.id, critical, searched };
}

/** The source of a condition: the findings' status line says `count` of FINDINGS. */
const countShown = (count) =>
  `() => [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent === ${JSON.stringify(`${count} of ${FINDINGS} findings`)})`;

/** Opens the job's page afresh and waits until its findings are listed and on the map. */
async function openJob(page, base, jobId) {
  const started = Date.now();
  await open(page, `${base}/admin-dashboard/jobs/${jobId}`);
  await shownAt(page, countShown(FINDINGS), 60_000);
  await page.getByRole("region", { name: "Site map" }).waitFor({ timeout: 60_000 });
  const ready = Date.now() - started;
  await quiet(page);
  return ready;
}

await withBenchServer({ name: "findings", admin: adminLogin }, async ({ base, database }) => {
  let browser;
  try {
    const seedStarted = Date.now();
    const { admin, jobId, critical, searched } = await seed(base);
    const seedMs = Date.now() - seedStarted;
    browser = await chromium.launch(chromiumLaunch);
    console.log(
      `Chromium ${browser.version()}, ${MOBILE.viewport.width} × ${MOBILE.viewport.height} touch screen, CPU slowed ${CPU_SLOWDOWN}×; ${repetitions} rounds; ${FINDINGS} findings ` +
        `(imported in ${seedMs} ms with the job); target ${TARGET_MS} ms; database: ${database.url ? "PostgreSQL" : "PGlite"}; load average before: ${loadAverage()} (${os.cpus().length} CPUs)`,
    );

    const { report, conclude } = createReport(TARGET_MS);
    const loaded = [];
    const keys = [];
    const typed = [];
    const severityPaint = [];
    const severityShown = [];
    const choosePaint = [];
    const chooseShown = [];
    const { context, page } = await mobilePage(browser, base, admin);
    try {
      for (let round = 0; round < repetitions; round++) {
        loaded.push(await openJob(page, base, jobId));
        const filters = page.getByRole("search", { name: "Filter the findings" });

        // Typing the search, a person's pace; the table filters on each key.
        const search = filters.getByRole("searchbox", { name: "Search" });
        await search.scrollIntoViewIfNeeded();
        await search.tap();
        await settle(page);
        const searchedOut = await measure(page, async () => {
          const done = shownAt(page, countShown(searched));
          await search.pressSequentially(SEARCH, { delay: 120 });
          return done;
        });
        const keyDowns = searchedOut.inputs.filter((input) => input.type === "keydown");
        if (keyDowns.length !== SEARCH.length) throw new Error(`typing "${SEARCH}" sent ${keyDowns.length} keys`);
        keys.push(...searchedOut.each, ...Array(Math.max(0, SEARCH.length - searchedOut.each.length)).fill(null));
        typed.push(searchedOut.result - keyDowns[keyDowns.length - 1].timeStamp);
        await search.fill("");
        await shownAt(page, countShown(FINDINGS));
        await settle(page);

        // The severity filter, by keyboard: "All severities" → "Minor" → "Moderate" → "Critical"; the last key is timed.
        const severity = filters.getByLabel("Severity");
        await severity.focus();
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowDown");
        await settle(page);
        const filtered = await measure(page, async () => {
          const done = shownAt(page, countShown(critical));
          await page.keyboard.press("ArrowDown");
          return done;
        });
        if ((await severity.inputValue()) !== "critical") throw new Error(`the severity filter shows ${await severity.inputValue()}, not critical`);
        const key = filtered.inputs.find((input) => input.type === "keydown");
        severityPaint.push(filtered.longest);
        severityShown.push(filtered.result - key.timeStamp);

        // Choosing a finding in the (filtered) list, as a phone shows the table: its card, its pin and its detail.
        const choose = page
          .getByRole("list", { name: "Findings", exact: true })
          .getByRole("listitem")
          .nth(round % 5)
          .getByRole("button")
          .first();
        const name = await choose.textContent();
        await choose.scrollIntoViewIfNeeded();
        await settle(page);
        const chosen = await measure(page, async () => {
          const done = shownAt(
            page,
            `() => [...document.querySelectorAll("article h3")].some((heading) => heading.textContent === ${JSON.stringify(`Finding ${name}`)})`,
          );
          await choose.tap();
          return done;
        });
        const tapped = chosen.inputs.find((input) => input.type === "pointerdown");
        if (!tapped) throw new Error("tapping the finding sent no pointerdown");
        choosePaint.push(chosen.longest);
        chooseShown.push(chosen.result - tapped.timeStamp);
      }
    } finally {
      await context.close();
    }
    console.log(`\n/admin-dashboard/jobs/:id with ${FINDINGS} findings:`);
    report("  navigation to the findings listed and the map shown", loaded, { target: false });
    report(`  search "${SEARCH}": a key, keydown to next paint`, keys);
    report("  search: last key to the filtered rows on screen", typed);
    report("  severity Critical: keydown to next paint", severityPaint);
    report("  severity Critical: keydown to the filtered rows on screen", severityShown);
    report("  choose a finding: tap to next paint (card, pin, detail)", choosePaint);
    report("  choose a finding: tap to its detail on screen", chooseShown);
    conclude((label) => !label.includes("navigation"));
  } finally {
    await browser?.close();
  }
});
