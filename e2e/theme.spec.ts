import type { Page } from "@playwright/test";
import { expect, isDark, test } from "./fixtures";

const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));

async function openHome(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
}

/**
 * Reloads with the main bundle held back and returns what the page looks like before any of the
 * app's JavaScript ran: only the inline boot script in <head> can have set the theme by then.
 */
async function reloadAndReadBeforeBundle(page: Page): Promise<{ dark: boolean; colorScheme: string }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const bundleRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(
    /\/assets\/index-[^/]*\.js$/,
    async (route) => {
      requested();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  await page.reload({ waitUntil: "commit" });
  await bundleRequested;
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe("interactive");
  const before = await page.evaluate(() => ({
    dark: document.documentElement.classList.contains("dark"),
    colorScheme: document.documentElement.style.colorScheme,
  }));
  release();
  await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
  return before;
}

test("the site is dark by default", async ({ page }) => {
  await openHome(page);
  expect(await isDark(page)).toBe(true);
  expect([null, "dark"]).toContain(await storedTheme(page));
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  // Dark tokens: a dark page background.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(5, 7, 13)");
});

test("switching to light is stored and applies on reload before the app's script runs", async ({ page }) => {
  await openHome(page);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  expect(await isDark(page)).toBe(false);
  expect(await storedTheme(page)).toBe("light");

  const before = await reloadAndReadBeforeBundle(page);
  expect(before.dark, "no dark flash before the bundle runs").toBe(false);
  expect(before.colorScheme).toBe("light");

  expect(await isDark(page)).toBe(false);
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(245, 248, 252)");
});

test("switching back to dark is stored and survives a reload", async ({ page }) => {
  await openHome(page);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  expect(await storedTheme(page)).toBe("dark");

  const before = await reloadAndReadBeforeBundle(page);
  expect(before.dark).toBe(true);
  expect(await isDark(page)).toBe(true);
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
});

test("the theme choice carries over to the other pages", async ({ page }) => {
  await openHome(page);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SOLAR", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thermal & Visual Analysis" })).toBeVisible();
  expect(await isDark(page)).toBe(false);
  await page.goto("/agricultural-services");
  await expect(page.getByRole("heading", { level: 1, name: "Precision Agriculture" })).toBeVisible();
  expect(await isDark(page)).toBe(false);
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
});
