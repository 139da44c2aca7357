import type { Page } from "@playwright/test";
import { SITE_DEFAULTS } from "../common/site";
import { expect, expectSmoothScrollTo, jumpTo, scrollY, test, waitForContactForm, waitForScrollToSettle } from "./fixtures";

async function openHome(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeVisible();
}

test("hero shows the tagline, the DRONE INTELLIGENCE headline and the three stats", async ({ page }) => {
  await openHome(page);
  const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
  await expect(hero.getByText("Precision Aerial Solutions", { exact: true })).toBeVisible();
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText("DRONE INTELLIGENCE");
  for (const [value, label] of [
    ["10+", /years/i],
    ["99.9%", /accuracy/i],
    ["24/7", /support/i],
  ] as const) {
    const stat = hero.locator("dl > div").filter({ has: page.getByText(value, { exact: true }) });
    await expect(stat).toHaveCount(1);
    await expect(stat).toBeVisible();
    await expect(stat).toContainText(label);
  }
});

test("EXPLORE SERVICES smooth-scrolls to the services section", async ({ page }) => {
  await openHome(page);
  await waitForContactForm(page);
  await expectSmoothScrollTo(page, page.locator("#services"), async () => {
    await page.getByRole("button", { name: "EXPLORE SERVICES" }).click();
  });
  await expect(page.getByRole("heading", { level: 2, name: "MISSION PROFILES" })).toBeInViewport();
});

test("WATCH DEMO opens the configured demo video in a new tab", async ({ page }) => {
  await openHome(page);
  const demo = page.getByRole("link", { name: /WATCH DEMO/ });
  await expect(demo).toBeVisible();
  await expect(demo).toHaveAttribute("href", SITE_DEFAULTS.demoVideoUrl);
  await expect(demo).toHaveAttribute("target", "_blank");
  await expect(demo).toHaveAttribute("rel", /(^|\s)noopener(\s|$)/);
});

test.describe("scroll position on arrival", () => {
  test("a hash in the address scrolls to its anchor", async ({ page }) => {
    await page.goto("/#contact");
    await expect(page.getByRole("heading", { name: "Ready to Elevate Your Business?" })).toBeInViewport();
    await waitForScrollToSettle(page);
    await expect(page.getByRole("heading", { name: "Ready to Elevate Your Business?" })).toBeInViewport();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await expect(page).toHaveURL(/#contact$/);
  });

  test("without a hash the home page opens at the top", async ({ page }) => {
    await openHome(page);
    await waitForContactForm(page);
    await waitForScrollToSettle(page);
    expect(await scrollY(page)).toBe(0);
    await expect(page.getByRole("heading", { level: 1, name: "DRONE INTELLIGENCE" })).toBeInViewport();
  });

  test("a page opened from a scrolled home page through the header starts at the top", async ({ page }) => {
    await openHome(page);
    await waitForContactForm(page);
    await jumpTo(page, 1500);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SOLAR", exact: true }).click();
    await expect(page).toHaveURL(/\/solar-inspections$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thermal & Visual Analysis" })).toBeVisible();
    await waitForContactForm(page);
    await expect.poll(() => scrollY(page)).toBe(0);
    await waitForScrollToSettle(page);
    expect(await scrollY(page)).toBe(0);
  });
});

test.describe("MISSION PROFILES", () => {
  const CARDS = [
    { id: "solar", href: "/solar-inspections" },
    { id: "agriculture", href: "/agricultural-services" },
    { id: "media", href: "/photography-filming" },
  ] as const;

  test("three cards, each ACTIVE at 120M with LEARN MORE linking to its page", async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole("heading", { level: 2, name: "MISSION PROFILES" })).toBeVisible();
    await expect(page.locator("[data-testid^=mission-card-]")).toHaveCount(3);
    for (const { id, href } of CARDS) {
      const card = page.getByTestId(`mission-card-${id}`);
      await expect(card).toBeVisible();
      await expect(card).toContainText("STATUS: ACTIVE");
      await expect(card).toContainText("ALT: 120M");
      const learnMore = card.getByRole("link", { name: /LEARN MORE/ });
      await expect(learnMore).toHaveCount(1);
      await expect(learnMore).toHaveAttribute("href", href);
    }
  });

  test("LEARN MORE opens the card's service page", async ({ page }) => {
    await openHome(page);
    await page
      .getByTestId("mission-card-agriculture")
      .getByRole("link", { name: /LEARN MORE/ })
      .click();
    await expect(page).toHaveURL(/\/agricultural-services$/);
    await expect(page.getByRole("heading", { level: 1, name: "Precision Agriculture" })).toBeVisible();
  });

  test("solar is highlighted by default and the highlight follows the mouse", async ({ page }) => {
    await openHome(page);
    // The section's code loads as the reader nears it (home-page.tsx): until then its HTML stands still.
    await expect(page.locator("#mission-profiles")).toHaveAttribute("data-ready", "true");
    const solar = page.getByTestId("mission-card-solar");
    const agriculture = page.getByTestId("mission-card-agriculture");
    const media = page.getByTestId("mission-card-media");
    await expect(solar).toHaveAttribute("data-highlighted", "true");
    await expect(agriculture).toHaveAttribute("data-highlighted", "false");
    await expect(media).toHaveAttribute("data-highlighted", "false");

    await agriculture.hover();
    await expect(agriculture).toHaveAttribute("data-highlighted", "true");
    await expect(solar).toHaveAttribute("data-highlighted", "false");
    await expect(media).toHaveAttribute("data-highlighted", "false");

    await media.hover();
    await expect(media).toHaveAttribute("data-highlighted", "true");
    await expect(agriculture).toHaveAttribute("data-highlighted", "false");
    await expect(page.locator("[data-testid^=mission-card-][data-highlighted=true]")).toHaveCount(1);
  });
});

test("Advanced Flight Systems lists its three systems and REQUEST MISSION BRIEFING leads to /request-quote", async ({ page }) => {
  await openHome(page);
  const block = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Advanced Flight Systems" }) });
  await expect(block).toBeVisible();
  for (const system of ["Real-time Analytics", "Precision Navigation", "3D Mapping"]) {
    await expect(block.getByRole("heading", { level: 3, name: system, exact: true })).toBeVisible();
  }
  await expect(block).toContainText("RTK-GPS centimeter-level");
  await expect(block).toContainText("Photogrammetry");

  const briefing = block.getByRole("link", { name: "REQUEST MISSION BRIEFING" });
  await expect(briefing).toHaveAttribute("href", "/request-quote");
  await briefing.click();
  // /request-quote sends visitors who are not logged in on to /login (docs/product.md §6).
  await expect(page).toHaveURL(/\/(request-quote|login)(\?.*)?$/);
});
