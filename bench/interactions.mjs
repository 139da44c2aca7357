// Responsiveness of the main interactions on mobile settings: a 412 × 823 touch
// screen with the CPU slowed down 4 times, in Chromium. Each interaction's latency is the browser's
// own: the Event Timing API (a PerformanceObserver on "event" entries, durationThreshold 16), taking
// the longest entry of the interaction, as Interaction to Next Paint does: from the input's
// timestamp to the next paint after its handlers ran (BENCH_DETAIL=1 prints each entry split into
// input delay, handlers and the rest until the paint). Entries under 16 ms are not reported by the
// browser and print as "<16". Measured, each over N repetitions (median and worst, against 200 ms):
//  - the customer's /dashboard: tapping each tab (every tab has data: a subscription and its
//    payment, a job, a report, a media file, a quote request), each repetition on a freshly loaded
//    page, so each tab opens for the first time; also the time until the tab shows its data;
//    (each page is measured once it has loaded what it loads after its first screen: a visitor's
//    interactions, not the page's own start, which Lighthouse measures);
//  - the back office's Messages list (200 contact messages, paged and searched by the server):
//    each key typed into its search box (the key's latency: the box shows the letter), and the time
//    from the last key to the filtered rows on screen, which includes the search's pause before it
//    asks the server (300 ms) and the request;
//  - the height slider on /drone-height-comparison: ArrowRight on the focused slider, and a drag
//    step with the mouse (press on the thumb, move one step, release: the longest of the press's,
//    the release's and the move's "input" entries, the slider's new value to the next paint).
// Also prints the machine's load average (os.loadavg): a busy host slows every figure.
// Exits non-zero when a step fails; figures over the target are reported, not failed.
// PGlite in a temporary DATA_DIR; with DATABASE_URL set, a fresh PostgreSQL database beside it, dropped after.
// Usage: npm run build && node bench/interactions.mjs [repetitions=5]
import os from "node:os";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { tsImport } from "tsx/esm/api";
import { chromiumLaunch } from "../scripts/chromium.mjs";
import { CPU_SLOWDOWN, createReport, loadAverage, measure, MOBILE, mobilePage, open, quiet, settle, shownAt } from "./event-timing.mjs";
import { call, loginCookie, withBenchServer } from "./server-process.mjs";

const { formatQuoteMessage } = await tsImport("../common/quotes.ts", import.meta.url);

const repetitions = Number(process.argv[2] ?? 5);
const TARGET_MS = 200;
const MESSAGES = 200;
const adminLogin = { username: "bench", password: "bench-password" };
const customerAccount = {
  username: "bench-customer",
  email: "bench-customer@example.com",
  password: "bench-customer-password",
  firstName: "Bench",
  lastName: "Customer",
};
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
// What the seeded customer's tabs show, each proving its tab has its data on screen.
const SEEDED = { job: "Bench roof survey", report: "Bench thermal report", media: "Bench overview photo", quote: "Bench quote for the north field" };
// The messages' words: one in ten holds SEARCH_WORD, so a search leaves 20 of 200.
const SEARCH_WORD = "vineyard";
const FILLER_WORDS = ["roof", "solar", "barn", "orchard", "wedding", "survey", "field", "stadium", "bridge"];

function upload(fields, file) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append("file", new Blob([file.buffer], { type: file.type }), file.name);
  return form;
}

/** A customer with data in every tab of /dashboard, and MESSAGES contact messages for the back office. */
async function seed(base) {
  const admin = await loginCookie(base, adminLogin);
  const registered = await call(base, undefined, "POST", "/api/register", customerAccount);
  const customerId = registered.json.id;
  const customer = (registered.response.headers.get("set-cookie") ?? "").split(";")[0] || (await loginCookie(base, customerAccount));
  const service = (await call(base, undefined, "GET", "/api/services?active=true")).json.data[0];

  // A subscription, paid with the demo provider's test card: the Subscriptions and Payments tabs.
  const started = (await call(base, customer, "POST", "/api/subscriptions", { serviceId: service.id })).json;
  await call(base, customer, "POST", "/api/demo-payments/confirm", {
    clientSecret: started.clientSecret,
    cardNumber: "4242 4242 4242 4242",
    expiry: "12 / 39",
    cvc: "123",
  });
  // A quote request, sent as the quote form does: My Quotes.
  const quoteMessage = formatQuoteMessage({ serviceType: "solar", description: SEEDED.quote, budget: "$3,000 - $5,000", timeline: "Next month" });
  await call(base, customer, "POST", "/api/contact", {
    name: "Bench Customer",
    email: customerAccount.email,
    phone: "+1 555 010 0000",
    service: "solar",
    message: quoteMessage,
  });
  // A job, a report and a media file from the back office: Jobs, Reports and Media.
  await call(base, admin, "POST", "/api/admin/jobs", {
    userId: customerId,
    serviceId: service.id,
    title: SEEDED.job,
    site: { name: "North field", address: "", latitude: null, longitude: null },
  });
  await call(
    base,
    admin,
    "POST",
    "/api/admin/reports",
    upload(
      { userId: customerId, serviceId: service.id, title: SEEDED.report, description: "Thermal anomalies of the north roof" },
      { name: "report.pdf", type: "application/pdf", buffer: PDF },
    ),
  );
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#22d3ee" } })
    .png()
    .toBuffer();
  await call(
    base,
    admin,
    "POST",
    "/api/admin/media",
    upload(
      { userId: customerId, serviceId: service.id, title: SEEDED.media, description: "The site from 200 ft" },
      { name: "overview.png", type: "image/png", buffer: png },
    ),
  );

  // Contact messages from visitors, a few at a time.
  for (let first = 0; first < MESSAGES; first += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) => {
        const n = first + offset;
        const word = n % 10 === 0 ? SEARCH_WORD : FILLER_WORDS[n % FILLER_WORDS.length];
        return call(base, undefined, "POST", "/api/contact", {
          name: `Visitor ${n}`,
          email: `visitor-${n}@example.com`,
          phone: "+1 555 010 0000",
          service: "other",
          message: `Message ${n}: could you fly over our ${word} next month? We would like photos and a short video.`,
        });
      }),
    );
  }
  return { admin, customer, service };
}

const { report, conclude } = createReport(TARGET_MS);

const DASHBOARD_TABS = [
  { name: "Jobs", marker: SEEDED.job },
  { name: "Reports", marker: SEEDED.report },
  { name: "Media", marker: SEEDED.media },
  { name: "My Quotes", marker: SEEDED.quote },
  { name: "Payments", marker: null },
  { name: "Subscriptions", marker: null },
];

/** The source of a condition: the tab named `tab` is open, its panel loaded and showing `marker`. */
function panelShows(tab, marker) {
  return `() => {
    const trigger = document.querySelector('[role="tab"][aria-selected="true"]');
    if (!trigger || !trigger.textContent.includes(${JSON.stringify(tab)})) return false;
    const panel = document.getElementById(trigger.getAttribute("aria-controls"));
    if (!panel) return false;
    if ([...panel.querySelectorAll('[role="status"]')].some((status) => /^Loading/.test(status.textContent.trim()))) return false;
    return panel.textContent.includes(${JSON.stringify(marker)});
  }`;
}

async function dashboardTabs(browser, base, cookie, service) {
  const { context, page } = await mobilePage(browser, base, cookie);
  const latency = new Map(DASHBOARD_TABS.map((tab) => [tab.name, []]));
  const shown = new Map(DASHBOARD_TABS.map((tab) => [tab.name, []]));
  try {
    for (let round = 0; round < repetitions; round++) {
      await open(page, `${base}/dashboard`);
      // The first tab, Subscriptions, open with its data before anything is tapped.
      await shownAt(page, panelShows("Subscriptions", service.name), 60_000);
      await quiet(page);
      for (const tab of DASHBOARD_TABS) {
        const trigger = page.getByRole("tab", { name: tab.name, exact: false });
        const measured = await measure(page, async () => {
          const done = shownAt(page, panelShows(tab.name, tab.marker ?? service.name));
          await trigger.tap();
          return done;
        });
        const at = measured.result;
        const tapped = measured.inputs.find((input) => input.type === "pointerdown");
        if (!tapped) throw new Error(`tapping the ${tab.name} tab sent no pointerdown`);
        if ((await trigger.getAttribute("aria-selected")) !== "true") throw new Error(`the ${tab.name} tab did not open`);
        latency.get(tab.name).push(measured.longest);
        shown.get(tab.name).push(at - tapped.timeStamp);
      }
    }
  } finally {
    await context.close();
  }
  console.log(`\n/dashboard, tapping each tab (a freshly loaded page each round; ${DASHBOARD_TABS.map((tab) => tab.name).join(" → ")}):`);
  for (const tab of DASHBOARD_TABS) report(`  ${tab.name}: tap to next paint`, latency.get(tab.name));
  for (const tab of DASHBOARD_TABS) report(`  ${tab.name}: tap to its data on screen`, shown.get(tab.name), { target: false });
}

async function messagesSearch(browser, base, cookie) {
  const { context, page } = await mobilePage(browser, base, cookie);
  const keys = [];
  const worstKeys = [];
  const rows = [];
  const search = page.locator("#messages-search");
  const pager = page.getByRole("navigation", { name: "Contact messages pages" });
  try {
    for (let round = 0; round < repetitions; round++) {
      // A freshly loaded page each round: the answer for the word is not in its cache yet.
      await open(page, `${base}/admin-dashboard?tab=messages`);
      await pager.getByText(`${MESSAGES} messages`).waitFor({ timeout: 60_000 });
      await quiet(page);
      await search.tap();
      await settle(page);
      // Filtered: the answer for the whole word has come (a shorter one may have been asked for
      // when typing paused), the list is not waiting, and every message on screen holds the word.
      const filtered = () =>
        shownAt(
          page,
          `() => {
            const asked = performance.getEntriesByType("resource").some((entry) => entry.name.includes("q=${SEARCH_WORD}&"));
            const panel = document.querySelector('[role="tabpanel"][data-state="active"]');
            const list = panel?.querySelector('[aria-busy]');
            if (!asked || !list || list.getAttribute('aria-busy') === 'true') return false;
            const cards = [...list.querySelectorAll('li')];
            return cards.length > 0 && cards.every((card) => card.textContent.includes(${JSON.stringify(SEARCH_WORD)}));
          }`,
        );
      const measured = await measure(page, async () => {
        const done = filtered();
        // A person typing at about 8 keys a second, faster than the search's pause.
        await search.pressSequentially(SEARCH_WORD, { delay: 120 });
        return done;
      });
      const at = measured.result;
      const keyDowns = measured.inputs.filter((input) => input.type === "keydown");
      if (keyDowns.length !== SEARCH_WORD.length) throw new Error(`typing "${SEARCH_WORD}" sent ${keyDowns.length} keys`);
      // Keys under 16 ms leave no entry: they count as such.
      const perKey = [...measured.each, ...Array(Math.max(0, SEARCH_WORD.length - measured.each.length)).fill(null)];
      keys.push(...perKey);
      worstKeys.push(measured.longest);
      rows.push(at - keyDowns[keyDowns.length - 1].timeStamp);
    }
    const total = await pager.textContent();
    if (!total?.includes(`${MESSAGES / 10} messages`)) throw new Error(`the search for "${SEARCH_WORD}" should leave ${MESSAGES / 10} messages: ${total}`);
  } finally {
    await context.close();
  }
  console.log(`\nBack office Messages (${MESSAGES} messages, 10 a page), typing "${SEARCH_WORD}" into the search box:`);
  report("  a key: keydown to next paint, every key", keys);
  report("  the worst key of each word", worstKeys);
  report("  last key to the filtered rows on screen (300 ms pause + request)", rows, { target: false });
}

async function heightSlider(browser, base) {
  const { context, page } = await mobilePage(browser, base);
  const keyboard = [];
  const drag = [];
  const slider = page.locator("input#height-slider");
  try {
    await open(page, `${base}/drone-height-comparison`);
    await quiet(page);
    await slider.scrollIntoViewIfNeeded();
    await slider.focus();
    for (let round = 0; round < repetitions; round++) {
      const before = Number(await slider.inputValue());
      await settle(page);
      const measured = await measure(page, () => page.keyboard.press(before >= 400 ? "ArrowLeft" : "ArrowRight"));
      if (Number(await slider.inputValue()) === before) throw new Error("ArrowRight did not move the slider");
      keyboard.push(measured.longest);
    }

    // A drag step: press on the thumb, move by about one step, release. Its latency is the longest
    // of the press's and release's entries (INP's interaction) and the move's "input" entry.
    for (let round = 0; round < repetitions; round++) {
      await slider.fill("200");
      await settle(page);
      const box = await slider.boundingBox();
      const { min, max, value } = await slider.evaluate((input) => ({ min: Number(input.min), max: Number(input.max), value: Number(input.value) }));
      const stepPx = (box.width / (max - min)) * 10;
      const thumbX = box.x + ((value - min) / (max - min)) * box.width;
      const y = box.y + box.height / 2;
      await page.mouse.move(thumbX, y);
      await settle(page);
      const measured = await measure(
        page,
        async () => {
          await page.mouse.down();
          await page.mouse.move(thumbX + stepPx * 1.5, y);
          await page.mouse.up();
        },
        { inputs: true },
      );
      if (Number(await slider.inputValue()) <= value) throw new Error("the drag did not move the slider up");
      if (!measured.inputs.some((input) => input.type === "input")) throw new Error("the drag fired no input event");
      drag.push(measured.longest);
    }
  } finally {
    await context.close();
  }
  console.log(`\n/drone-height-comparison, the height slider:`);
  report("  ArrowRight: keydown to next paint", keyboard);
  report("  a drag step (press, move, release): to next paint", drag);
}

await withBenchServer({ name: "interactions", admin: adminLogin }, async ({ base, database }) => {
  let browser;
  try {
    const { admin, customer, service } = await seed(base);
    browser = await chromium.launch(chromiumLaunch);

    console.log(
      `Chromium ${browser.version()}, ${MOBILE.viewport.width} × ${MOBILE.viewport.height} touch screen, CPU slowed ${CPU_SLOWDOWN}×; ${repetitions} repetitions; ` +
        `target ${TARGET_MS} ms; database: ${database.url ? "PostgreSQL" : "PGlite"}; load average before: ${loadAverage()} (${os.cpus().length} CPUs)`,
    );
    await dashboardTabs(browser, base, customer, service);
    await messagesSearch(browser, base, admin);
    await heightSlider(browser, base);
    conclude((label) => label.includes("next paint"));
  } finally {
    await browser?.close();
  }
});
