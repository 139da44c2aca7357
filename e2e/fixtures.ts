// Shared helpers of the browser tests: the test with its fixtures (the page, the run's administrator,
// new customers, a scratch folder), the public pages, the run's state file, scrolling probes.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type APIResponse,
  expect as baseExpect,
  test as baseTest,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "@playwright/test";
import { formatQuoteMessage, type QuoteForm } from "@common/quotes";

/**
 * The machine running these tests is small and shared (2 cores, other suites beside us), so a page
 * can take seconds to render: more time per test and per assertion than the config's defaults,
 * never fixed waits. The assertions themselves are unchanged.
 *
 * Its fixtures also give a test the people it needs, made as it asks for them: newCustomer (a
 * customer on the test's page), adminContext (the administrator in a context of their own, with
 * adminPage a page in it) and adminApi (the administrator's API calls); and workDir, a scratch folder. Outside a test's body
 * (a helper, beforeAll) the plain functions below do the same.
 */
export const test = baseTest.extend<{
  roomToBreathe: void;
  /** Registers a new customer of this test only, logged in on the test's page; `overrides` name them where the test reads the name back. */
  newCustomer: (overrides?: Partial<Account>) => Promise<Account>;
  /** A browser context with the administrator's session (open its pages with newPage), closed after the test. */
  adminContext: BrowserContext;
  /** A page in adminContext: the back office as the administrator sees it. */
  adminPage: Page;
  /** An API context with the administrator's session, for calls without a page; disposed after the test. */
  adminApi: APIRequestContext;
  /** A folder of this test's own for the files it writes, removed after the test. */
  workDir: string;
}>({
  /**
   * Pages arrive prerendered: their buttons are on screen before React has adopted them, and a
   * click then does nothing. goto and reload therefore wait for <html data-ready> (app/page-ready.tsx),
   * except for answers that are not the app (files, JSON), with JavaScript off, and when the test
   * asks for the moment of commit (it is looking at the page before its script runs).
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const ready = () => page.waitForFunction(() => !document.getElementById("root") || document.documentElement.dataset.ready === "true");
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== "commit") await ready();
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== "commit") await ready();
        return response;
      };
    }
    await use(page);
  },
  roomToBreathe: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring, even when empty.
    async ({}, use, testInfo) => {
      testInfo.setTimeout(Math.max(testInfo.timeout, 90_000));
      await use();
    },
    { auto: true },
  ],
  newCustomer: async ({ page }, use) => {
    await use((overrides) => registerCustomer(page.request, overrides));
  },
  adminContext: async ({ browser }, use) => {
    const context = await loggedInAdmin(browser);
    await use(context);
    await context.close();
  },
  adminPage: async ({ adminContext }, use) => {
    await use(await adminContext.newPage());
  },
  adminApi: async ({ playwright, baseURL }, use) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInAsAdmin(admin);
    await use(admin);
    await admin.dispose();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring, even when empty.
  workDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-e2e-work-"));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
});
export const expect = baseExpect.configure({ timeout: 15_000 });

/** The JSON body of an answer, once its status is `status` (the body is shown when it is not). */
export async function json<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The public screens of docs/product.md §2, each with a heading that proves it rendered. */
export const PUBLIC_PAGES = [
  { path: "/", heading: "DRONE INTELLIGENCE" },
  { path: "/solar-inspections", heading: "Thermal & Visual Analysis" },
  { path: "/agricultural-services", heading: "Precision Agriculture" },
  { path: "/photography-filming", heading: "Professional Media Production" },
  { path: "/drone-height-comparison", heading: "Drone Height Comparison" },
] as const;

/** The customer's dashboard, on the tab it opened on: it keeps that tab in its address (docs/decisions/0049-what-waits-for-a-customer.md). */
export const ON_THE_DASHBOARD = /\/dashboard\?tab=[a-z]+$/;

export const NOT_FOUND_PAGE = { path: "/no-such-page", heading: "404 Page Not Found" } as const;

/** What e2e/serve.mjs wrote for this run. */
export interface E2EState {
  dataDir: string;
  databaseUrl?: string;
  /** The SMTP peer's folder: one raw .eml per delivered recipient (e2e/mailbox.ts). */
  mailDir: string;
  /** The app's MAIL_FROM, as each mail's From header carries it. */
  mailFrom: string;
  /** While this file exists, videos' poster tasks wait (e2e/held-ffprobe.sh). */
  posterHold: string;
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

/**
 * Waits until the contact section's code has run and, where its form is open (every page but the
 * signed-in screens, whose compact section keeps it behind "Send an inquiry"), the form is there.
 */
export async function waitForContactForm(page: Page): Promise<void> {
  // The section comes whole (prerendered, or rendered with its part's code), in one form or the other.
  await expect(page.locator("#contact")).toBeAttached();
  if ((await page.locator("#contact summary").count()) === 0) await expect(page.getByLabel("Message", { exact: true })).toBeAttached();
  else await expect(page.locator("#contact-part[data-ready='true']")).toBeAttached();
}

export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Jumps to a scroll position without the page's smooth scrolling, then waits until it holds. */
export async function jumpTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

interface ScrollRecord {
  /** Every position a scroll event reported, starting with the position before. */
  positions: number[];
  /** scrollY right after the page's own click handlers ran, in the same task as the click. */
  atClick: number | null;
}

/**
 * Starts recording the page's scroll positions, and its position the moment a click has been
 * handled: a listener on window runs after the app's handlers (React listens on its root).
 */
async function recordScrolling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record: { positions: number[]; atClick: number | null } = { positions: [window.scrollY], atClick: null };
    (window as unknown as { __scrollRecord: typeof record }).__scrollRecord = record;
    window.addEventListener("scroll", () => record.positions.push(window.scrollY), { passive: true });
    window.addEventListener("click", () => {
      record.atClick ??= window.scrollY;
    });
  });
}

function readScrollRecord(page: Page): Promise<ScrollRecord> {
  return page.evaluate(() => (window as unknown as { __scrollRecord: ScrollRecord }).__scrollRecord);
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
 * Runs `action` (a click) and checks that it scrolls smoothly until `target` is in view: when the
 * click has been handled the page has not moved yet (an instant scroll is done by then), and it
 * then travels to the target. Intermediate positions are recorded too, but a busy machine may
 * render only one frame of a short animation, so they are reported rather than required.
 */
export async function expectSmoothScrollTo(page: Page, target: Locator, action: () => Promise<void>): Promise<void> {
  await waitForScrollToSettle(page);
  await recordScrolling(page);
  const start = await scrollY(page);
  await action();
  await expect(target).toBeInViewport();
  const end = await waitForScrollToSettle(page);
  await expect(target).toBeInViewport();
  const { positions, atClick } = await readScrollRecord(page);
  const story = `scroll positions from ${start} to ${end}: ${positions.join(", ")}; ${atClick} right after the click`;
  test.info().annotations.push({ type: "smooth scroll", description: story });
  expect(end, `the page should have scrolled; ${story}`).not.toBe(start);
  expect(atClick, `the click should have been handled; ${story}`).not.toBeNull();
  // An instant scroll has covered the whole distance before the click's handling ends.
  expect(Math.abs((atClick ?? end) - start), `no jump on click; ${story}`).toBeLessThan(Math.abs(end - start));
}

export interface Account {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** Unique within the run: tests run in parallel against one database. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A user nobody else in the run has. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  const id = uniqueId();
  return { username: `pilot-${id}`, email: `pilot-${id}@example.com`, firstName: "Amelia", lastName: "Earhart", password: `secret-${id}`, ...overrides };
}

/**
 * Registers a new customer through the API and resolves to their account. The session of `request`
 * is then theirs: a page's (page.request) or a context's logs its pages in, an API context its calls.
 * In a test whose page is the customer's, the newCustomer fixture does this.
 */
export async function registerCustomer(request: APIRequestContext, overrides: Partial<Account> = {}): Promise<Account> {
  const account = newAccount(overrides);
  const response = await request.post("/api/register", { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** The run's administrator, whom e2e/serve.mjs creates; also the staff member who flies the jobs. */
export const ADMIN = { username: "e2e-admin", password: "e2e-admin-password" } as const;

/** Logs the session of `request` in as the administrator (a browser context's request logs its pages in too). */
export async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const response = await request.post("/api/login", { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

/** Logs in through the Login form already on screen (/login, or a page that sent there), as a person does. */
export async function logInWithForm(page: Page, credentials: { username: string; password: string }): Promise<void> {
  const form = page.getByRole("form", { name: "Login", exact: true });
  await form.getByLabel("Username").fill(credentials.username);
  await form.getByLabel("Password", { exact: true }).fill(credentials.password);
  await form.getByRole("button", { name: "Login", exact: true }).click();
}

/**
 * A new browser context with the administrator's session, for what the adminContext fixture does
 * not fit: a second admin context, one with its own options (a time zone), one made in a helper.
 * The caller closes it.
 */
export async function loggedInAdmin(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await signInAsAdmin(context.request);
  return context;
}

/** Sends `quote` as the customer's contact message, as the quote form does; resolves to the new quote's id. */
export async function requestQuoteViaApi(request: APIRequestContext, customer: Account, quote: QuoteForm): Promise<number> {
  const response = await request.post("/api/contact", {
    data: { name: `${customer.firstName} ${customer.lastName}`, email: customer.email, service: quote.serviceType, message: formatQuoteMessage(quote) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { quoteId: number } }).data.quoteId;
}

/**
 * The one toast on screen with this title (and description: a toast lives 5 s, so both are
 * checked by one locator). While a modal dialog is open Radix marks the rest of the page
 * aria-hidden, toasts included, so hidden elements are searched; toBeVisible still proves the
 * toast is on screen.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page
    .getByRole("region", { name: /^Notifications/, includeHidden: true })
    .getByRole("listitem", { includeHidden: true })
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ hasText: description ?? "" });
  await expect(toast).toBeVisible();
}

/** Opens every page of this test in the given theme (the site reads it from local storage). */
export async function useTheme(page: Page, theme: "dark" | "light"): Promise<void> {
  await page.addInitScript((value) => {
    try {
      localStorage.setItem("theme", value);
    } catch {
      // about:blank has no storage; the site's pages do.
    }
  }, theme);
}

/** Whether the page shows the dark theme: the class on <html> is the theme's one source (client/src/lib/theme.ts). */
export function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains("dark"));
}

/** axe's rules that read colours: all that can differ between the two themes (client/src/lib/theme.ts). */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe's serious and critical findings on the page (or the part `include` selects), one line each;
 * empty when there are none. `rules` runs only those rules. axe is asked for violations alone: it
 * then lists one node of each pass instead of all, which a third of its time went to.
 */
export async function severeViolations(page: Page, include?: string, rules?: string[]): Promise<string> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  if (rules) builder.withRules(rules);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(" ")} [${node.any[0]?.message ?? node.failureSummary ?? ""}]`).join(", ")}`,
    )
    .join("\n");
}
