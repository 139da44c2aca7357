import { expect, NOT_FOUND_PAGE, openPage, PUBLIC_PAGES, test } from "./fixtures";

// Fonts, scripts, images and analytics all come from the site itself: nothing is fetched from elsewhere.
for (const { path, heading } of [...PUBLIC_PAGES, NOT_FOUND_PAGE]) {
  test(`${path} loads nothing from another origin`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (url.startsWith("data:") || url.startsWith("blob:")) return;
      if (new URL(url).origin !== origin) foreign.push(url);
    });
    await openPage(page, path, heading);
    // Bring lazily loaded images in, then let the page go quiet.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
  });
}
