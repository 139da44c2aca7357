import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunch } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 5055);

/**
 * The specs of how pages look and load, whatever data they show: every screen's accessibility and
 * width, the public pages, the theme, the prerendered HTML, the bundle budget. A run with
 * DATABASE_TESTS_ONLY set (CI's second pass, on PostgreSQL) leaves them out; the journeys, which
 * write and read through the server, run on both databases (docs/testing.md, "Two databases").
 */
const PAGE_SPECS = [
  "a11y",
  "budget",
  "header",
  "height-comparison",
  "height-ruler",
  "home",
  "not-found",
  "phone-width",
  "prerender",
  "responsive",
  "same-origin-assets",
  "service-pages",
  "theme",
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  testIgnore: process.env.DATABASE_TESTS_ONLY ? PAGE_SPECS : [],
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunch } }],
  webServer: {
    command: "node e2e/serve.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The build is done before; starting the server, its database and peers takes seconds quiet, a minute on a loaded machine.
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
