import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, NOT_FOUND_PAGE, openPage, PUBLIC_PAGES, test } from "./fixtures";

const PAGES = [...PUBLIC_PAGES, NOT_FOUND_PAGE];

async function useTheme(page: Page, theme: "dark" | "light"): Promise<void> {
  await page.addInitScript((value) => {
    try {
      localStorage.setItem("theme", value);
    } catch {
      // about:blank has no storage; the site's pages do.
    }
  }, theme);
}

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    for (const { path, heading } of PAGES) {
      test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
        await useTheme(page, theme);
        await openPage(page, path, heading);
        await expect(page.getByLabel("Message", { exact: true })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");

        const results = await new AxeBuilder({ page }).analyze();
        const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
        const report = severe
          .map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.nodes
                .map((node) => `${node.target.join(" ")} [${node.any[0]?.message ?? node.failureSummary ?? ""}]`)
                .join(", ")}`,
          )
          .join("\n");
        expect(report, "serious or critical axe violations (id, impact: target [why])").toBe("");
      });
    }
  });
}

test.describe("keyboard", () => {
  test("the first Tab reaches the visible Skip to content link, which moves focus to the main content", async ({ page }) => {
    await openPage(page, "/", "DRONE INTELLIGENCE");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 10, `skip link box ${JSON.stringify(box)}`).toBe(true);

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("the nav links show a visible focus outline", async ({ page }) => {
    await openPage(page, "/", "DRONE INTELLIGENCE");
    const nav = page.getByRole("navigation", { name: "Main" });
    const labels = ["HOME", "SOLAR", "AGRICULTURE", "MEDIA"];
    const seen: string[] = [];
    for (let presses = 0; presses < 12 && seen.length < labels.length; presses += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active?.closest("nav[aria-label=Main]")) return null;
        const style = getComputedStyle(active);
        return { text: active.textContent?.trim() ?? "", outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth) };
      });
      if (!focused) continue;
      seen.push(focused.text);
      expect(focused.outlineStyle, `${focused.text} outline`).not.toBe("none");
      expect(focused.outlineWidth, `${focused.text} outline width`).toBeGreaterThanOrEqual(2);
    }
    expect(seen).toEqual(labels);
    await expect(nav.getByRole("link", { name: "MEDIA", exact: true })).toBeFocused();
  });
});
