import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, openPage, test, uniqueId } from "./fixtures";

// The home page's JavaScript, the contact form's included, is at most 103 KB gzip (1 KB = 1000 bytes;
// docs/architecture.md §5; 3 KB above the earlier 100 since the pages render from their documents,
// read another page's when navigated to and may show the owner's hero picture, docs/benchmarks.md,
// "Page documents"). A byte count of what the browser fetched for the page, each script gzipped
// at level 9, never a timing. The form's code loads as the reader nears it, so the count goes on after
// a scroll to it (bench/bundle-size.mjs reports both parts, and the toaster the first toast fetches).
const HOME_JS_BUDGET_BYTES = 103_000;
// The portal's first screens, the login page, a customer's dashboard and the back office, at most 154 KB
// (docs/benchmarks.md, Latest figures and "Page documents"); their dialogs' code (Radix Dialog, the forms, react-hook-form,
// zod) loads when one is first opened, and each back-office tab's when the tab first opens.
const DASHBOARD_JS_BUDGET_BYTES = 154_000;
// The back office's job page: every dialog of it, Add map layer's with its uploader included, loads
// when first pressed, and it is one chunk (client/src/app/screens/, decision 0040): within the
// first screens' 150 KB too, with the shell's account menu and contact section.
// The estimate builder's own chunk (Vite names a chunk after its module).
const ESTIMATE_BUILDER_CHUNK = /\/estimate-builder-dialog-[\w-]+\.js$/;

/**
 * Path → gzip bytes of every script the page fetches from now on; `settled()` once all are counted.
 * `stop()` before the test closes the page: a script still arriving then (a chunk the last screen
 * fetches on its own) is not counted, and its body, which can no longer be read, is no error.
 */
function countScripts(page: Page) {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let stopped = false;
  page.on("response", (response) => {
    if (stopped || response.request().resourceType() !== "script") return;
    const counted = response.body().then((body) => void scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length));
    pending.push(
      counted.catch((error: unknown) => {
        if (!stopped) throw error;
      }),
    );
  });
  return { scripts, settled: async () => void (await Promise.all(pending)), stop: () => void (stopped = true) };
}

const sum = (scripts: Map<string, number>) => [...scripts.values()].reduce((total, bytes) => total + bytes, 0);
const describe = (scripts: Map<string, number>) => [...scripts].map(([file, bytes]) => `${file} ${(bytes / 1000).toFixed(1)} KB`).join(", ");

test("the home page, contact form included, loads at most 103 KB of gzipped JavaScript", async ({ page }) => {
  const { scripts, settled } = countScripts(page);
  await openPage(page, "/", "DRONE INTELLIGENCE");
  await page.waitForLoadState("networkidle");
  await settled();
  const withPage = new Set(scripts.keys());
  expect(withPage.size).toBeGreaterThan(0);
  // The form is prerendered but inert (its fieldset disabled) until its code has arrived and run.
  const submit = page.locator("#contact").getByRole("button", { name: "Send Message" });
  await expect(submit).toBeDisabled();
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect(submit).toBeEnabled();
  await page.waitForLoadState("networkidle");
  await settled();

  const formCode = [...scripts.keys()].filter((file) => !withPage.has(file));
  expect(formCode.length, `scripts fetched for the contact form: ${describe(scripts)}`).toBeGreaterThan(0);
  expect(sum(scripts), `home page JavaScript with the contact form, gzip: ${describe(scripts)}`).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
});

test("the login page, a visitor's first screen of the portal, loads at most 154 KB of gzipped JavaScript, and no zod", async ({ page }) => {
  const { scripts, settled } = countScripts(page);
  await page.goto("/login");
  await expect(page.getByRole("form", { name: "Login" }).getByRole("button", { name: "Login" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await settled();
  expect(sum(scripts), `login page JavaScript, gzip: ${describe(scripts)}`).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_BYTES);
  // Its forms check their input with common/auth-rules.ts, not zod (decision 0042), whose chunk Vite names after its module.
  expect([...scripts.keys()].filter((file) => /\/zod-jitless-[\w-]+\.js$/.test(file))).toEqual([]);
});

test("a customer's dashboard loads at most 154 KB of gzipped JavaScript, and the quote form's code only when its dialog opens", async ({
  page,
  newCustomer,
}) => {
  await newCustomer();
  const { scripts, settled } = countScripts(page);
  await page.goto("/dashboard");
  const trigger = page.getByRole("button", { name: "Request Custom Quote" });
  await expect(trigger).toBeVisible();
  await page.waitForLoadState("networkidle");
  await settled();
  const firstScreen = new Set(scripts.keys());
  expect(sum(scripts), `dashboard JavaScript, gzip: ${describe(scripts)}`).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_BYTES);

  await trigger.click();
  await expect(page.getByRole("dialog", { name: "Request Custom Quote" }).getByLabel("Project description")).toBeVisible();
  await settled();
  const dialogCode = [...scripts.keys()].filter((file) => !firstScreen.has(file));
  expect(dialogCode.length, `scripts fetched for the dialog: ${describe(scripts)}`).toBeGreaterThan(0);
});

test("the back office's first screen loads at most 154 KB of gzipped JavaScript, and another tab's code only when it opens", async ({
  adminContext: context,
}) => {
  const page = await context.newPage();
  const { scripts, settled, stop } = countScripts(page);
  await page.goto("/admin-dashboard");
  await expect(page.getByRole("list", { name: "What needs doing first" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await settled();
  const firstScreen = new Set(scripts.keys());
  expect(sum(scripts), `back office JavaScript, gzip: ${describe(scripts)}`).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_BYTES);

  await page
    .getByRole("tablist", { name: "Admin sections" })
    .getByRole("tab", { name: /^Upload\b/ })
    .click();
  await expect(
    page
      .getByRole("tabpanel", { name: /^Upload\b/ })
      .getByRole("button")
      .first(),
  ).toBeVisible();
  await settled();
  const tabCode = [...scripts.keys()].filter((file) => !firstScreen.has(file));
  expect(tabCode.length, `scripts fetched for the Upload tab: ${describe(scripts)}`).toBeGreaterThan(0);
  stop();
});

test("the back office's job page loads at most 154 KB of gzipped JavaScript, and the estimate builder's code only when its button is pressed", async ({
  page,
  newCustomer,
  adminContext: context,
}) => {
  await newCustomer();
  const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const services = ((await (await context.request.get("/api/services")).json()) as { data: { id: number }[] }).data;
  const created = await context.request.post("/api/admin/jobs", {
    data: { userId, serviceId: services[0]!.id, title: `Budget ${uniqueId()}`, site: { name: "Roof", address: "", latitude: null, longitude: null } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data: job } = (await created.json()) as { data: { id: number } };

  const admin = await context.newPage();
  const { scripts, settled, stop } = countScripts(admin);
  await admin.goto(`/admin-dashboard/jobs/${job.id}`);
  const trigger = admin.getByRole("group", { name: "Billing actions" }).getByRole("button", { name: "Send estimate" });
  await expect(trigger).toBeVisible();
  await admin.waitForLoadState("networkidle");
  await settled();
  const firstScreen = new Set(scripts.keys());
  expect(sum(scripts), `admin job page JavaScript, gzip: ${describe(scripts)}`).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_BYTES);
  expect(
    [...firstScreen].filter((file) => ESTIMATE_BUILDER_CHUNK.test(file)),
    "the estimate builder's code before its button is pressed",
  ).toEqual([]);

  await trigger.click();
  await expect(admin.getByRole("dialog", { name: "Send estimate" }).getByRole("group", { name: "Line 1" })).toBeVisible();
  await settled();
  const builderCode = [...scripts.keys()].filter((file) => !firstScreen.has(file));
  expect(
    builderCode.filter((file) => ESTIMATE_BUILDER_CHUNK.test(file)),
    `scripts fetched for the builder: ${builderCode.join(", ")}`,
  ).toHaveLength(1);
  stop();
});
