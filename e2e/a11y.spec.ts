import type { Page } from "@playwright/test";
import { COLOUR_RULES, expect, isDark, openPage, severeViolations, test, useTheme } from "./fixtures";
import { openScreen, SCREENS, screenData } from "./screens";

/**
 * Ends every CSS transition at once: the theme's colours ease in, and axe must read them settled.
 * Finished by hand rather than awaited: a headless page may pause its frames (seen on the Pages
 * editor), and a transition's end waits for a frame. getAnimations() flushes the style first, so
 * the transitions the theme switch started are all there.
 */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
}

// Every screen of the app (e2e/screens.ts: each route, as a visitor, the customer or the admin, with
// data in its lists, each tab of the dashboard and of the back office), in both themes. A theme is
// only colours (one class on <html>, client/src/lib/theme.ts), so each screen is opened once, checked
// whole in the dark theme, switched to light by the header's own toggle, and checked again by the
// rules that read colours; the rest would read the same page twice.
for (const screen of SCREENS) {
  test(`axe finds no serious or critical violation on ${screen.name}, in the dark theme and the light`, async ({ page, playwright, baseURL }) => {
    const data = await screenData(playwright, baseURL);
    await useTheme(page, "dark");
    await openScreen(page, screen, data);
    expect(await isDark(page)).toBe(true);
    expect(await severeViolations(page), "dark theme: serious or critical axe violations (id, impact: target [why])").toBe("");

    // Dispatched rather than clicked, and found when hidden: on a screen whose state is an open dialog, the dialog covers it and hides it from assistive technology.
    await page.getByRole("button", { name: "Switch to light theme", includeHidden: true }).dispatchEvent("click");
    expect(await isDark(page)).toBe(false);
    await transitionsDone(page);
    expect(await severeViolations(page, undefined, COLOUR_RULES), "light theme: serious or critical axe violations (id, impact: target [why])").toBe("");
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
