// No screen scrolls sideways on a 360 px phone (issue 21, item 6): every route of the app, each tab
// and state of its screens, as a visitor, a customer and an admin, with data in every list (e2e/screens.ts).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openScreen, SCREENS, screenData, TAB_LISTS } from "./screens";

test.use({ viewport: { width: 360, height: 740 } });

/**
 * The page's width against the window's, and for the failure message the elements where the excess
 * starts: each sticks out past the window's right edge while its parent does not, and no ancestor
 * clips it (a table in its own scrolling box is fine).
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const limit = window.innerWidth + 0.5;
    // A box that scrolls or hides its overflow clips what it holds, but an absolutely placed element
    // only from the box that places it (its nearest positioned ancestor) outwards.
    const clipped = (element: Element): boolean => {
      let placed = getComputedStyle(element).position !== "absolute";
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        placed ||= style.position !== "static";
        if (placed && style.overflowX !== "visible" && box.getBoundingClientRect().right <= limit) return true;
      }
      return false;
    };
    const causes = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > limit && (element.parentElement?.getBoundingClientRect().right ?? 0) <= limit)
      .filter((element) => !clipped(element) && getComputedStyle(element).position !== "fixed")
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(element.getBoundingClientRect().right)} px: ${element.textContent?.trim().slice(0, 50) ?? ""}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, causes };
  });
}

for (const screen of SCREENS) {
  test(`${screen.name} does not scroll sideways at 360 px (as ${screen.as === "visitor" ? "a visitor" : `the ${screen.as}`})`, async ({ page, playwright, baseURL }) => {
    const data = await screenData(playwright, baseURL);
    await openScreen(page, screen, data);
    const { scrollWidth, innerWidth, causes } = await measure(page);
    expect(scrollWidth, `${screen.name} is wider than the window, from:\n${causes.join("\n")}`).toBeLessThanOrEqual(innerWidth);
  });
}

// The sweeps (this one and e2e/a11y.spec.ts) name each tab: a tab added to a screen must be added there too.
for (const { path, as, heading, list, tabs } of TAB_LISTS) {
  test(`the sweeps look at every tab of ${path}`, async ({ page, playwright, baseURL }) => {
    const data = await screenData(playwright, baseURL);
    await page.context().addCookies(data.cookies[as]);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const shown = page.getByRole("tablist", { name: list }).getByRole("tab");
    await expect(shown).toHaveCount(tabs.length);
    const names = (await shown.allInnerTexts()).map((text) => text.split("\n")[0]?.trim().toLowerCase());
    expect(names, `add a new tab to TAB_LISTS in e2e/screens.ts`).toEqual(tabs.map((tab) => tab.toLowerCase()));
  });
}

/** The dialogs met on the way, each opened from its screen by the button that opens it. */
const DIALOGS = [
  { screen: "/dashboard (Subscriptions tab)", opener: (page: Page) => page.getByRole("button", { name: "Request Custom Quote" }), dialog: "Request Custom Quote" },
  { screen: "/gallery", opener: (page: Page) => page.getByRole("button", { name: /^Open Solar farm at dawn/ }).first(), dialog: /^Solar farm at dawn/ },
  { screen: "/admin-dashboard (Jobs tab)", opener: (page: Page) => page.getByRole("button", { name: "New job" }), dialog: "Open a job" },
] as const;

for (const { screen: name, opener, dialog: title } of DIALOGS) {
  test(`on ${name} at 360 px the dialog ${String(title)} fits the window, and closes on Escape and on a click outside it`, async ({ page, playwright, baseURL }) => {
    const data = await screenData(playwright, baseURL);
    const screen = SCREENS.find((candidate) => candidate.name === name);
    expect(screen, `${name} in e2e/screens.ts`).toBeDefined();
    await openScreen(page, screen!, data);
    const dialog = page.getByRole("dialog", { name: title });

    await opener(page).click();
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, `the dialog's box ${JSON.stringify(box)}`).toBe(true);
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth), "how far the dialog scrolls sideways").toBe(0);
    const { scrollWidth, innerWidth } = await measure(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await opener(page).click();
    await expect(dialog).toBeVisible();
    // The window's corner: on the overlay, outside the dialog, which keeps a margin on every side.
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
  });
}
