// No screen scrolls sideways on a 360 px phone: every route of the app, each tab and state of its
// screens, as a visitor, a customer and an admin, with real, long data in every list (e2e/screens.ts):
// long names and e-mail addresses, long report titles, an invoice with several payments.
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
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(element.getBoundingClientRect().right)} px: ${element.textContent?.trim().slice(0, 50) ?? ""}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, causes };
  });
}

for (const screen of SCREENS) {
  test(`${screen.name} does not scroll sideways at 360 px (as ${screen.as === "visitor" ? "a visitor" : `the ${screen.as}`})`, async ({
    page,
    playwright,
    baseURL,
  }) => {
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
    // On a phone the back office offers its sections as one menu (its tabs show from 640 px up).
    const menu = page.getByRole("combobox", { name: "Section" });
    const shown = (await menu.isVisible()) ? menu.getByRole("option") : page.getByRole("tablist", { name: list }).getByRole("tab");
    await expect(shown).toHaveCount(tabs.length);
    const names = (await shown.allInnerTexts()).map((text) => text.split("\n")[0]?.trim().toLowerCase());
    expect(names, `add a new tab to TAB_LISTS in e2e/screens.ts`).toEqual(tabs.map((tab) => tab.toLowerCase()));
  });
}

/** The dialogs met on the way, each opened from its screen by the button that opens it. */
const DIALOGS = [
  {
    screen: "/dashboard (Subscriptions tab)",
    opener: (page: Page) => page.getByRole("button", { name: "Request Custom Quote" }),
    dialog: "Request Custom Quote",
  },
  { screen: "/gallery", opener: (page: Page) => page.getByRole("button", { name: /^Open Solar farm at dawn/ }).first(), dialog: /^Solar farm at dawn/ },
  { screen: "/admin-dashboard (Jobs tab)", opener: (page: Page) => page.getByRole("button", { name: "New job" }), dialog: "Open a job" },
] as const;

for (const { screen: name, opener, dialog: title } of DIALOGS) {
  test(`on ${name} at 360 px the dialog ${String(title)} fits the window, and closes on Escape and on a click outside it`, async ({
    page,
    playwright,
    baseURL,
  }) => {
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

test("the back office offers all its sections as one compact menu at 360 px, and its first screen shows the section's content", async ({
  page,
  playwright,
  baseURL,
}) => {
  const data = await screenData(playwright, baseURL);
  await openScreen(
    page,
    SCREENS.find((screen) => screen.name === "/admin-dashboard (Jobs tab)")!,
    data,
  );
  const menu = page.getByRole("combobox", { name: "Section" });
  await expect(menu).toBeVisible();
  // Every tab of TAB_LISTS, which the test above checks against the tab list.
  await expect(menu.getByRole("option")).toHaveCount(TAB_LISTS.find((list) => list.path === "/admin-dashboard")!.tabs.length);
  await expect(page.getByRole("tablist", { name: "Admin sections" })).toBeHidden();
  // The panel of the section chosen starts on the first screen, not below a button per section.
  const panel = await page.getByRole("tabpanel", { name: /^Jobs\b/ }).boundingBox();
  expect(panel && panel.y < 740, `the Jobs panel starts at ${panel?.y} px`).toBe(true);
  await menu.selectOption({ label: "Customers" });
  await expect(page.getByRole("tabpanel", { name: /^Customers\b/ })).toBeVisible();
  await expect(page).toHaveURL(/tab=customers/);
});

test("the customer's Payments tab at 360 px shows the invoice's Download button whole", async ({ page, playwright, baseURL }) => {
  const data = await screenData(playwright, baseURL);
  await openScreen(
    page,
    SCREENS.find((screen) => screen.name === "/dashboard (Payments tab)")!,
    data,
  );
  const download = page.getByRole("link", { name: /^Download PDF of invoice / });
  await expect(download).toHaveCount(1);
  await download.scrollIntoViewIfNeeded();
  const box = await download.boundingBox();
  const visible = await download.evaluate((link) => {
    // Shown whole: no box it sits in cuts it off.
    const own = link.getBoundingClientRect();
    for (let box = link.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const clip = box.getBoundingClientRect();
      if (own.left < clip.left - 0.5 || own.right > clip.right + 0.5) return false;
    }
    return true;
  });
  expect(box && box.x >= 0 && box.x + box.width <= 360, `the Download button's box ${JSON.stringify(box)}`).toBe(true);
  expect(visible, "the Download button is cut off by a box it sits in").toBe(true);
});
