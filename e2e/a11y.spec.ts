import { expect, openPage, severeViolations, test, useTheme } from "./fixtures";
import { openScreen, SCREENS, screenData } from "./screens";

// Every screen of the app (e2e/screens.ts: each route, as a visitor, the customer or the admin, with
// data in its lists, each tab of the dashboard and of the back office), in both themes.
for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    for (const screen of SCREENS) {
      test(`axe finds no serious or critical violation on ${screen.name}`, async ({ page, playwright, baseURL }) => {
        const data = await screenData(playwright, baseURL);
        await useTheme(page, theme);
        await openScreen(page, screen, data);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");

        expect(await severeViolations(page), "serious or critical axe violations (id, impact: target [why])").toBe("");
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
