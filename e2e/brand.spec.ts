// The brand's colours (docs/decisions/0063-brand-colours.md): the owner sets a primary colour in
// Settings; one no theme can draw as text is refused on its field with the measured ratios, the
// typed value kept; a readable one restyles the back office at once and the public pages in the HTML
// as served, before any script, in both themes and still accessible; "Use the default" takes it back.
// On a server of its own: the run's other specs read SPEC's colours on the shared one.
import type { Page } from "@playwright/test";
import { COLOUR_RULES, expect, severeViolations, test, useTheme } from "./fixtures";
import { openBackOffice } from "./admin-jobs";
import { type OwnServer, startNewInstall } from "./own-server";

const OWNER = { username: "brand-owner", password: "brand-owner-password", email: "owner@brand.example" };

/** A pink the dark theme draws as typed; the light theme draws a darker shade of it (common/brand.ts). */
const PINK = { typed: "#f472b6", dark: "rgb(244, 114, 182)", light: "rgb(219, 17, 122)" };

let install: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  install = await startNewInstall(OWNER);
});
test.afterAll(async () => {
  await install?.stop();
});

/** The home page's primary button and the hero's label, as the browser computes their colours. */
async function heroColours(page: Page) {
  const button = page.getByRole("button", { name: "EXPLORE SERVICES" });
  await expect(button).toBeVisible();
  const background = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
  const label = await page
    .locator("#hero-heading")
    .locator("xpath=..")
    .locator("p.hud-label")
    .evaluate((element) => getComputedStyle(element).color);
  return { background, label };
}

/** The primary colour the page's theme is drawn with now (the button under the mouse shows its hover shade). */
const primaryOf = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary").trim());

test("a brand colour: refused with its ratios on its field, else the back office and the served public pages show it in both themes", async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await browser.newContext({ baseURL: install.baseURL, viewport: { width: 1366, height: 900 } });
  const login = await owner.request.post("/api/login", { data: { username: OWNER.username, password: OWNER.password } });
  expect(login.status(), await login.text()).toBe(200);
  const skipSetup = await owner.request.patch("/api/admin/settings", { data: { setupDone: true } });
  expect(skipSetup.status(), await skipSetup.text()).toBe(200);
  const page = await owner.newPage();

  const panel = await openBackOffice(page, "Settings");
  const brand = panel.getByRole("form", { name: "Brand" });
  const primary = brand.getByRole("textbox", { name: "Primary colour", exact: true });
  const save = brand.getByRole("button", { name: "Save brand colours" });

  await test.step("a grey no theme can draw as text is refused on its field with the measured ratios, the typed value kept", async () => {
    await primary.fill("#777777");
    await save.click();
    const error = brand.getByRole("alert");
    await expect(error).toHaveText(
      "Contrast 4.2:1 on the light theme's background #f5f8fc and 4.1:1 on the dark theme's cards #0b1220; text needs at least 4.5:1 on one theme (the other shows a lighter or darker shade)",
    );
    await expect(primary).toHaveValue("#777777");
    await expect(primary).toHaveAttribute("aria-invalid", "true");
    // The server's rule is the same one: it refuses the PATCH as the form did, and nothing is saved.
    const refused = await owner.request.patch("/api/admin/settings", { data: { primaryColor: "#777777" } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors.primaryColor).toContain("4.2:1");
    expect((await (await owner.request.get("/api/admin/settings")).json()).data.values.primaryColor).toBeNull();
  });

  await test.step("a readable pink is saved and the back office shows it at once, each theme's shade and ratio read out", async () => {
    await primary.fill(PINK.typed);
    await expect(brand.getByText(/Dark theme: \d+\.\d:1 as text/)).toBeVisible();
    await save.click();
    await expect(brand.getByRole("alert")).toHaveCount(0);
    await expect.poll(() => primaryOf(page)).toBe(PINK.typed);
  });

  await test.step("the public home page's HTML as served carries it: without scripts, its primary button and label are pink", async () => {
    // The pages are rendered again in the background after a save (server/site/render-pages.ts): the next ones carry it.
    await expect.poll(async () => (await (await owner.request.get("/")).text()).includes(`--primary:${PINK.typed}`), { timeout: 60_000 }).toBe(true);
    expect(await (await owner.request.get("/")).text()).toContain(`<style id="brand-colors">`);
    const visitor = await browser.newContext({ baseURL: install.baseURL, javaScriptEnabled: false });
    const plain = await visitor.newPage();
    await plain.goto("/");
    expect(await heroColours(plain)).toEqual({ background: PINK.dark, label: PINK.dark });
    await visitor.close();
  });

  await test.step("both themes show their shade and stay accessible", async () => {
    for (const theme of ["dark", "light"] as const) {
      const visitor = await browser.newContext({ baseURL: install.baseURL });
      const themed = await visitor.newPage();
      await useTheme(themed, theme);
      await themed.goto("/");
      expect(await heroColours(themed)).toEqual({ background: PINK[theme], label: PINK[theme] });
      expect(await severeViolations(themed, undefined, COLOUR_RULES), `colour contrast on the ${theme} theme`).toBe("");
      await visitor.close();
    }
  });

  await test.step("Use the default puts the theme's own colour back", async () => {
    await brand.getByRole("button", { name: "Use the default" }).first().click();
    await expect(primary).toHaveValue("");
    await save.click();
    await expect.poll(async () => (await (await owner.request.get("/")).text()).includes("brand-colors"), { timeout: 60_000 }).toBe(false);
    await expect.poll(() => primaryOf(page)).toBe("#22d3ee");
  });
  await owner.close();
});
