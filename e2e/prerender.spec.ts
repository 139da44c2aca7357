import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { APP_MODULE, staticClosure } from "../scripts/route-chunks.mjs";
import { expect, NOT_FOUND_PAGE, openPage, PUBLIC_PAGES, test, useTheme } from "./fixtures";

const PAGES = [...PUBLIC_PAGES, NOT_FOUND_PAGE];

/** The built files of the screens public pages must never load: dashboard, back office, payments. */
function privateChunks(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.resolve("dist/client/.vite/manifest.json"), "utf8")) as Record<string, { file: string; src?: string }>;
  return new Set(
    Object.entries(manifest)
      .filter(([key]) => /^src\/features\/(dashboard|jobs|admin|checkout)\/|node_modules\/@stripe\//.test(key))
      .map(([, chunk]) => `/${chunk.file}`),
  );
}

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await page.waitForLoadState("networkidle");
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path: pathname, heading } of PAGES) {
    test(`${pathname} can be read from its prerendered HTML`, async ({ page }) => {
      const response = await page.goto(pathname);
      expect(response?.status()).toBe(pathname === NOT_FOUND_PAGE.path ? 404 : 200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SOLAR" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ready to Elevate Your Business?" })).toBeVisible();
      await expect(page.getByLabel("Message", { exact: true })).toBeVisible();
    });
  }

  test("each public page has its own title, description, canonical address and social card", async ({ page, baseURL }) => {
    const titles = new Set<string>();
    for (const { path: pathname } of PUBLIC_PAGES) {
      await page.goto(pathname);
      const title = await page.title();
      titles.add(title);
      expect(title).toMatch(/SkyVantage/);
      const head = page.locator("head");
      const description = await head.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0, `description of ${pathname}`).toBeGreaterThan(50);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${pathname}`);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${pathname}`);
      const card = `${baseURL}/og/${pathname === "/" ? "home" : pathname.slice(1)}.png?v=`;
      expect(await head.locator('meta[property="og:image"]').getAttribute("content")).toMatch(new RegExp(`^${card.replace(/[.?]/g, "\\$&")}[0-9a-z]+$`));
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      const jsonLd = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
        "@graph": { "@type": string; name: string }[];
      };
      expect(jsonLd["@graph"][0]).toMatchObject({ "@type": "LocalBusiness", name: "SkyVantage" });
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
  });

  test("the social cards, the build's and each public page's, are 1200×630 PNGs", async ({ request }) => {
    for (const url of ["/og-image.png", "/og/home.png", "/og/solar-inspections.png"]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const png = await response.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    }
  });

  test("the contact form stays disabled until its code runs: a native submit would leave the page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByLabel("Message", { exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeDisabled();
  });

  test("account and back-office screens are kept out of search results", async ({ page }) => {
    for (const pathname of ["/dashboard", "/dashboard/jobs/1", "/admin-dashboard", "/checkout"]) {
      await page.goto(pathname);
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  });
});

test.describe("hydration", () => {
  for (const theme of ["dark", "light"] as const) {
    test(`every public page is adopted by React without an error, in the ${theme} theme`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // The not-found page's own 404 is the answer we want; any other error is not.
        const notFoundDocument = new URL(message.location().url || "about:blank").pathname === NOT_FOUND_PAGE.path;
        if (message.type() === "error" && !notFoundDocument) errors.push(`${message.location().url}: ${message.text()}`);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await useTheme(page, theme);
      for (const { path: pathname, heading } of PAGES) {
        await openPage(page, pathname, heading);
        await scrollToBottom(page);
        await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
        await expect(page.getByRole("button", { name: `Switch to ${theme === "dark" ? "light" : "dark"} theme` })).toBeVisible();
      }
      expect(errors).toEqual([]);
    });
  }
});

test("the footer shows the visitor's year, not the year the pages were built in", async ({ page }) => {
  await page.clock.setFixedTime(new Date("2031-03-01T12:00:00Z"));
  await openPage(page, "/", "DRONE INTELLIGENCE");
  await expect(page.getByRole("contentinfo")).toContainText("© 2031 SkyVantage");
});

test("public pages load no dashboard, back-office or payment code", async ({ page }) => {
  const forbidden = privateChunks();
  expect(forbidden.size).toBeGreaterThan(5);
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") loaded.push(new URL(request.url()).pathname);
  });
  for (const { path: pathname, heading } of PAGES) {
    await openPage(page, pathname, heading);
    await scrollToBottom(page);
  }
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => forbidden.has(file))).toEqual([]);
});

test("a screen that renders in the browser names its page's chunks in its HTML, so they load beside the entry script", async ({ request }) => {
  const manifest = JSON.parse(readFileSync(path.resolve("dist/client/.vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const preloads = async (pathname: string) =>
    [...(await (await request.get(pathname)).text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
  const jobPage = await preloads("/admin-dashboard/jobs/12");
  expect(jobPage).toContain(`/${manifest["src/app/screens/admin-job-screen.tsx"]!.file}`);
  expect(jobPage).not.toContain(`/${manifest["src/components/site-map/site-map-viewer.tsx"]!.file}`);
  for (const href of jobPage) expect((await request.get(href)).status(), href).toBe(200);
  // The app's chunk, which the entry imports, comes beside the entry for a screen drawn in the browser,
  // as a module script of its own.
  expect(await (await request.get("/admin-dashboard/jobs/12")).text()).toContain(`<script type="module" crossorigin src="/${manifest[APP_MODULE]!.file}">`);
  // A public page arrives with its content: neither its chunk nor the app's is on the way to its
  // first paint (the entry imports the app once the page has painted, client/src/main.tsx), only
  // what the entry script imports statically, which every page's HTML names.
  const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const entryImports = [...staticClosure(manifest, entry)].filter((key) => !entry.includes(key)).map((key) => `/${manifest[key]!.file}`);
  expect((await preloads("/solar-inspections")).sort()).toEqual(entryImports.sort());
  expect(await preloads("/solar-inspections")).not.toContain(`/${manifest[APP_MODULE]!.file}`);
});

test("the tab's title after client-side navigation is the one the page's HTML carries", async ({ page }) => {
  await page.goto("/solar-inspections");
  const prerendered = await page.title();
  await page.goto("/");
  // A mark the page keeps only while no new document loads.
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SOLAR" }).click();
  await expect(page).toHaveURL(/\/solar-inspections$/);
  await expect(page).toHaveTitle(prerendered);
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", prerendered);
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
});

test.describe("robots.txt and sitemap.xml", () => {
  test("the sitemap lists every public page, at this site's address", async ({ request, baseURL }) => {
    const body = await (await request.get("/sitemap.xml")).text();
    const locations = [...body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    for (const { path: pathname } of PUBLIC_PAGES) expect(locations).toContain(`${baseURL}${pathname}`);
  });

  test("robots.txt names the sitemap", async ({ request, baseURL }) => {
    expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
