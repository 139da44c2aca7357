// A screenshot of one page of a running site in Debian's Chromium, and its console errors.
// Usage: node scripts/screenshot.mjs <path> <out.png> [width=1280] [height=900] [fullPage=1] (BASE_URL, default http://127.0.0.1:5000)
import { chromium } from "@playwright/test";
import { chromiumLaunch } from "./chromium.mjs";
const browser = await chromium.launch(chromiumLaunch);
const [, , path, out, w = "1280", h = "900", full = "1"] = process.argv;
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
const errors = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto((process.env.BASE_URL ?? "http://127.0.0.1:5000") + path, { waitUntil: "networkidle" });
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === "1" });
console.log("errors:", errors);
await browser.close();
