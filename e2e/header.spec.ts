import type { Page } from "@playwright/test";
import { expect, jumpTo, test } from "./fixtures";

const NAV = [
  { label: "HOME", path: "/", heading: "DRONE INTELLIGENCE" },
  { label: "SOLAR", path: "/solar-inspections", heading: "Thermal & Visual Analysis" },
  { label: "AGRICULTURE", path: "/agricultural-services", heading: "Precision Agriculture" },
  { label: "MEDIA", path: "/photography-filming", heading: "Professional Media Production" },
] as const;

/** The alpha channel of the header's computed background colour. */
function headerAlpha(page: Page): Promise<number> {
  return page.getByTestId("site-header").evaluate((header) => {
    const colour = getComputedStyle(header).backgroundColor;
    const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
    // "rgba(r, g, b, a)", or "rgb(r, g, b)" when opaque.
    return parts.length === 4 ? (parts[3] ?? Number.NaN) : 1;
  });
}

function headerBackdrop(page: Page): Promise<string> {
  return page.getByTestId("site-header").evaluate((header) => getComputedStyle(header).backdropFilter);
}

test.describe("header look follows the scroll position", () => {
  test("background opacity is scroll/100: 0 at the top, 0.3 at 30 px, capped at 0.95", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
    await expect.poll(() => headerAlpha(page)).toBe(0);

    await jumpTo(page, 30);
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.3, 1);
    expect(Math.abs((await headerAlpha(page)) - 0.3)).toBeLessThanOrEqual(0.02);

    await jumpTo(page, 200);
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.95, 1);
    expect(Math.abs((await headerAlpha(page)) - 0.95)).toBeLessThanOrEqual(0.02);

    await jumpTo(page, 0);
    await expect.poll(() => headerAlpha(page)).toBe(0);
  });

  test("blur appears only after 50 px of scroll", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();

    await jumpTo(page, 30);
    await expect.poll(() => headerAlpha(page)).toBeCloseTo(0.3, 1);
    expect(await headerBackdrop(page)).not.toContain("blur");

    await jumpTo(page, 60);
    await expect.poll(() => headerBackdrop(page)).toContain("blur");

    await jumpTo(page, 0);
    await expect.poll(() => headerBackdrop(page)).not.toContain("blur");
  });
});

test.describe("active nav item", () => {
  for (const current of NAV) {
    test(`on ${current.path} only ${current.label} is marked as the current page`, async ({ page }) => {
      await page.goto(current.path);
      await expect(page.getByRole("heading", { level: 1, name: current.heading })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const item of NAV) {
        const link = nav.getByRole("link", { name: item.label, exact: true });
        await expect(link).toHaveAttribute("href", item.path);
        if (item === current) await expect(link).toHaveAttribute("aria-current", "page");
        else await expect(link).not.toHaveAttribute("aria-current");
      }
    });
  }

  test("HOME is not current on a page that is not in the nav", async ({ page }) => {
    await page.goto("/drone-height-comparison");
    await expect(page.getByRole("heading", { level: 1, name: "Drone Height Comparison" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.locator("[aria-current]")).toHaveCount(0);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the toggle opens a menu with every nav item and GET QUOTE, and choosing one navigates and closes it", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();

    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();

    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    for (const item of NAV) {
      await expect(menu.getByRole("link", { name: item.label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "GET QUOTE", exact: true })).toHaveAttribute("href", "/request-quote");

    await menu.getByRole("link", { name: "SOLAR", exact: true }).click();
    await expect(page).toHaveURL(/\/solar-inspections$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thermal & Visual Analysis" })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("the toggle closes the open menu again", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});

test("GET QUOTE links to /request-quote", async ({ page }) => {
  await page.goto("/");
  const getQuote = page.getByTestId("site-header").getByRole("link", { name: "GET QUOTE", exact: true });
  await expect(getQuote).toBeVisible();
  await expect(getQuote).toHaveAttribute("href", "/request-quote");
  await getQuote.click();
  // /request-quote sends visitors who are not logged in on to /login (docs/product.md §6).
  await expect(page).toHaveURL(/\/(request-quote|login)(\?.*)?$/);
});
