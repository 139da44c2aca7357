// Shared helpers of the browser tests: the public pages, the run's state file, scrolling probes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

/** The public screens of SPEC §2, each with a heading that proves it rendered. */
export const PUBLIC_PAGES = [
  { path: "/", heading: "DRONE INTELLIGENCE" },
  { path: "/solar-inspections", heading: "Thermal & Visual Analysis" },
  { path: "/agricultural-services", heading: "Precision Agriculture" },
  { path: "/photography-filming", heading: "Professional Media Production" },
  { path: "/drone-height-comparison", heading: "Drone Height Comparison" },
] as const;

export const NOT_FOUND_PAGE = { path: "/no-such-page", heading: "404 Page Not Found" } as const;

/** What e2e/serve.mjs wrote for this run. */
export interface E2EState {
  dataDir: string;
  databaseUrl?: string;
}

export function readE2EState(): E2EState | undefined {
  const file = path.join(import.meta.dirname, ".state.json");
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as E2EState;
}

/** Opens a page and waits until its h1 and the lazily loaded contact form are on screen. */
export async function openPage(page: Page, pathname: string, heading: string): Promise<void> {
  await page.goto(pathname);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await waitForContactForm(page);
}

export async function waitForContactForm(page: Page): Promise<void> {
  await expect(page.getByLabel("Message", { exact: true })).toBeAttached();
}

export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Jumps to a scroll position without the page's smooth scrolling, then waits until it holds. */
export async function jumpTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

/** Starts recording every scroll position the page passes through. */
export async function recordScrolling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __scrollLog: number[] };
    w.__scrollLog = [window.scrollY];
    window.addEventListener("scroll", () => w.__scrollLog.push(window.scrollY), { passive: true });
  });
}

/** Resolves once the page has not scrolled for 10 consecutive frames. */
export async function waitForScrollToSettle(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          if (window.scrollY === last) still += 1;
          else {
            still = 0;
            last = window.scrollY;
          }
          if (still >= 10) resolve(last);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * Runs `action` and checks that it scrolls smoothly until `target` is in view: the page passes
 * through positions between where it started and where it ends (an instant jump does not).
 */
export async function expectSmoothScrollTo(page: Page, target: Locator, action: () => Promise<void>): Promise<void> {
  await waitForScrollToSettle(page);
  await recordScrolling(page);
  const start = await scrollY(page);
  await action();
  await expect(target).toBeInViewport();
  const end = await waitForScrollToSettle(page);
  await expect(target).toBeInViewport();
  const log = await page.evaluate(() => (window as unknown as { __scrollLog: number[] }).__scrollLog);
  const low = Math.min(start, end);
  const high = Math.max(start, end);
  const between = new Set(log.filter((y) => y > low && y < high));
  expect(end, "the page should have scrolled").not.toBe(start);
  // Frames are sparse on a busy machine, so one position on the way is the proof; a jump has none.
  expect(between.size, `scroll positions from ${start} to ${end}: ${log.join(", ")}`).toBeGreaterThanOrEqual(1);
}
