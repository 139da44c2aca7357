import type { Page } from "@playwright/test";
import { expect, NOT_FOUND_PAGE, openPage, PUBLIC_PAGES, test } from "./fixtures";

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1920, height: 1080 },
] as const;

async function overflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The elements that stick out, for the failure message.
    wide: [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => !element.closest(".sr-only") && getComputedStyle(element).position !== "fixed")
      .slice(-3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">${element.textContent?.trim().slice(0, 40) ?? ""}`),
  }));
}

// One page load per page, measured at both widths (the layout has no script-driven sizing).
for (const { path, heading } of [...PUBLIC_PAGES, NOT_FOUND_PAGE]) {
  test(`${path} has no horizontal overflow at 360 px and at 1920 px`, async ({ page }) => {
    await page.setViewportSize(WIDTHS[0]);
    await openPage(page, path, heading);
    await expect(page.getByLabel("Message", { exact: true })).toBeVisible();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(size.width);
      const { scrollWidth, innerWidth, wide } = await overflow(page);
      expect.soft(scrollWidth, `at ${size.width} px, wider than the viewport:\n${wide.join("\n")}`).toBeLessThanOrEqual(innerWidth);
    }
  });
}
