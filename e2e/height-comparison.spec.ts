import type { Page } from "@playwright/test";
import { BAND_SAMPLES } from "../client/src/features/marketing/height-comparison/height-band-samples";
import { expect, expectSmoothScrollTo, openPage, test } from "./fixtures";

async function openHeights(page: Page): Promise<void> {
  await openPage(page, "/drone-height-comparison", "Drone Height Comparison");
}

const slider = (page: Page) => page.locator("input#height-slider");

async function setHeight(page: Page, feet: number): Promise<void> {
  await slider(page).fill(String(feet));
  await expect(slider(page)).toHaveValue(String(feet));
}

function droneWidth(page: Page): Promise<number> {
  return page
    .getByTestId("height-drone")
    .boundingBox()
    .then((box) => box?.width ?? Number.NaN);
}

test("the slider runs from 100 to 400 ft in steps of 10 and starts at 200", async ({ page }) => {
  await openHeights(page);
  const input = slider(page);
  await expect(input).toHaveAttribute("type", "range");
  await expect(input).toHaveValue("200");
  await expect(input).toHaveAttribute("min", "100");
  await expect(input).toHaveAttribute("max", "400");
  await expect(input).toHaveAttribute("step", "10");
  await expect(page.getByLabel("Flight height")).toHaveValue("200");
  await expect(page.getByTestId("described-height").getByText(/^\d+ ft$/)).toHaveText("200 ft");
  await expect(page.getByTestId("best-for")).toHaveAttribute("data-band", "medium");
});

test("the described height card shows the nearest of 100, 200, 300 and 400 ft", async ({ page }) => {
  await openHeights(page);
  // The card's badge names the described height: exactly one "N ft" text in the card.
  const badge = page.getByTestId("described-height").getByText(/^\d+ ft$/);
  for (const [feet, described] of [
    [240, 200],
    [260, 300],
    [100, 100],
    [140, 100],
    [160, 200],
    [340, 300],
    [360, 400],
    [400, 400],
  ] as const) {
    await setHeight(page, feet);
    await expect(badge, `at ${feet} ft`).toHaveText(`${described} ft`);
  }
});

test("the guidance band is low below 165 ft, medium below 260 ft and high from 260 ft", async ({ page }) => {
  await openHeights(page);
  const bestFor = page.getByTestId("best-for");
  const notes = page.getByTestId("technical-notes");
  const seenNotes = new Set<string>();
  for (const [feet, band] of BAND_SAMPLES) {
    await setHeight(page, feet);
    await expect(bestFor, `${feet} ft`).toHaveAttribute("data-band", band);
    await expect(bestFor, `${feet} ft`).toContainText(new RegExp(`${band} altitude`, "i"));
    seenNotes.add((await notes.innerText()).trim());
  }
  expect(seenNotes.size, "the technical notes change with the band").toBe(3);
});

test("the drone image shrinks as the height rises, from scale 1 at 100 ft to 0.5 at 400 ft", async ({ page }) => {
  await openHeights(page);
  const drone = page.getByTestId("height-drone");
  await drone.scrollIntoViewIfNeeded();

  // The scale is a transform, so the element's layout width is its width at scale 1; the drawn
  // width is animated towards that times the scale (a busy machine may start the animation late).
  const widthAt100 = await drone.evaluate((element) => (element as HTMLElement).offsetWidth);
  expect(widthAt100).toBeGreaterThan(0);

  await setHeight(page, 100);
  await expect(drone).toHaveAttribute("data-scale", "1.000");
  await expect.poll(() => droneWidth(page)).toBeCloseTo(widthAt100, 0);

  await setHeight(page, 250);
  await expect(drone).toHaveAttribute("data-scale", "0.750");
  await expect.poll(() => droneWidth(page)).toBeCloseTo(widthAt100 * 0.75, 0);

  await setHeight(page, 400);
  await expect(drone).toHaveAttribute("data-scale", "0.500");
  await expect.poll(() => droneWidth(page)).toBeCloseTo(widthAt100 * 0.5, 0);
});

test("the keyboard moves the slider in steps of 10", async ({ page }) => {
  await openHeights(page);
  const input = slider(page);
  await input.focus();
  await expect(input).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(input).toHaveValue("210");
  await expect(page.getByLabel("Flight height")).toHaveAttribute("aria-valuetext", "210 feet");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(input).toHaveValue("260");
  await expect(page.getByTestId("described-height").getByText(/^\d+ ft$/)).toHaveText("300 ft");
  await expect(page.getByTestId("best-for")).toHaveAttribute("data-band", "high");
  await page.keyboard.press("ArrowLeft");
  await expect(input).toHaveValue("250");
  await expect(page.getByTestId("best-for")).toHaveAttribute("data-band", "medium");
  await page.keyboard.press("Home");
  await expect(input).toHaveValue("100");
  await expect(page.getByTestId("height-drone")).toHaveAttribute("data-scale", "1.000");
  await page.keyboard.press("End");
  await expect(input).toHaveValue("400");
  await expect(page.getByTestId("height-drone")).toHaveAttribute("data-scale", "0.500");
});

test("Contact Us smooth-scrolls to the contact section", async ({ page }) => {
  await openHeights(page);
  const button = page.getByRole("button", { name: "Contact Us", exact: true });
  await expectSmoothScrollTo(page, page.locator("#contact"), () => button.click());
  await expect(page.getByRole("heading", { name: "Ready to Elevate Your Business?" })).toBeInViewport();
});

test("the link to aerial photography opens /photography-filming", async ({ page }) => {
  await openHeights(page);
  const link = page.locator("main").getByRole("link", { name: /photography/i });
  await expect(link).toHaveAttribute("href", "/photography-filming");
  await link.click();
  await expect(page).toHaveURL(/\/photography-filming$/);
  await expect(page.getByRole("heading", { level: 1, name: "Professional Media Production" })).toBeVisible();
});
