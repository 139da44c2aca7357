// The height comparison's drone flies at the ruler's height (docs/product.md §2, Drone height
// comparison): at every step of the slider and at a phone's, a tablet's and a desktop's width, the
// drone's reference point, the vertical centre of its drawn image, is level with the ruler's line
// for the slider's height, and every ruler label stays fully on screen, uncovered.
import type { Page } from "@playwright/test";
import { HEIGHT_MAX_FT, HEIGHT_MIN_FT, HEIGHT_STEP_FT } from "../client/src/features/marketing/height-comparison/heights";
import { expect, openPage, test } from "./fixtures";

/** How far, in px, the drone's centre may sit from the ruler's line: rounding of the layout, nothing more. */
const TOLERANCE_PX = 2;

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 900 },
] as const;

const STEPS = Array.from({ length: (HEIGHT_MAX_FT - HEIGHT_MIN_FT) / HEIGHT_STEP_FT + 1 }, (_, index) => HEIGHT_MIN_FT + index * HEIGHT_STEP_FT);

interface Measure {
  /** The drone's centre minus the ruler's line for the slider's height, in px (positive: drone too low). */
  offset: number;
  /** Every problem with the ruler's labels, one line each. */
  labelProblems: string[];
}

/**
 * Measures the scene as drawn: the ruler's line for `feet` is read off its ticks (linear between the
 * 100, 200, 300 and 400 ft ticks, which must be evenly spaced), and each label must lie inside the
 * scene, show its whole text, be what the page shows at its centre and overlap neither the drone nor
 * another label.
 */
function measure(page: Page, feet: number): Promise<Measure> {
  return page.evaluate((feet) => {
    const scene = document.querySelector<HTMLElement>("[data-testid=height-scene]")!;
    const drone = document.querySelector<HTMLElement>("[data-testid=height-drone]")!.getBoundingClientRect();
    const ticks = [...scene.querySelectorAll<HTMLElement>("[data-testid=ruler-tick]")]
      .map((tick) => ({ feet: Number(tick.dataset.feet), box: tick.getBoundingClientRect() }))
      .sort((a, b) => a.feet - b.feet);
    const problems: string[] = [];
    const centreOf = (box: DOMRect) => box.top + box.height / 2;
    const gaps = ticks.slice(1).map((tick, index) => centreOf(ticks[index]!.box) - centreOf(tick.box));
    if (gaps.some((gap) => Math.abs(gap - gaps[0]!) > 1)) problems.push(`ticks unevenly spaced: ${gaps.join(", ")}`);
    const below = ticks.filter((tick) => tick.feet <= feet).at(-1) ?? ticks[0]!;
    const above = ticks.find((tick) => tick.feet > below.feet) ?? below;
    const share = above === below ? 0 : (feet - below.feet) / (above.feet - below.feet);
    const line = centreOf(below.box) + share * (centreOf(above.box) - centreOf(below.box));

    const area = scene.getBoundingClientRect();
    const labels = [...scene.querySelectorAll<HTMLElement>("[data-testid=height-ruler] li")].map((label) => ({
      label,
      box: label.getBoundingClientRect(),
      text: label.textContent ?? "",
    }));
    const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const { label, box, text } of labels) {
      if (box.top < area.top || box.bottom > area.bottom || box.left < area.left || box.right > area.right) problems.push(`${text} is clipped by the scene`);
      if (label.scrollWidth > label.clientWidth + 0.5) problems.push(`${text} does not fit its line`);
      if (meet(box, drone)) problems.push(`${text} is covered by the drone`);
      for (const other of labels) if (other.label !== label && meet(box, other.box)) problems.push(`${text} overlaps ${other.text}`);
      const shown = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!shown || !label.contains(shown)) problems.push(`${text} is hidden by <${shown?.tagName.toLowerCase()} class="${shown?.className}">`);
    }
    return { offset: centreOf(drone) - line, labelProblems: problems };
  }, feet);
}

for (const size of WIDTHS) {
  test(`at ${size.width} px the drone's centre is level with the ruler at every step from 100 to 400 ft, and every label shows`, async ({ page }) => {
    // Without the 300 ms glide each step is measured where it ends; the positions are the same.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize(size);
    await openPage(page, "/drone-height-comparison", "Drone Height Comparison");
    const slider = page.locator("input#height-slider");
    const scene = page.getByTestId("height-scene");
    for (const feet of STEPS) {
      await slider.fill(String(feet));
      await expect(page.getByTestId("height-drone")).toHaveAttribute("alt", new RegExp(`^Drone at ${feet} feet`));
      await scene.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
      await expect
        .poll(async () => Math.abs((await measure(page, feet)).offset), `the drone's centre against the ${feet} ft line`)
        .toBeLessThanOrEqual(TOLERANCE_PX);
      expect((await measure(page, feet)).labelProblems, `the ruler's labels at ${feet} ft`).toEqual([]);
    }
  });
}
