import { DEFAULT_HOME } from "@common/site-page-defaults";
import { expect, json, signInAsAdmin, test } from "./fixtures";

// A preview link shows a page's draft with the page's own components, under a bar that says it is
// not published (docs/decisions/0061-site-pages.md); a link that is not valid says so.
test("an admin's preview link opens the home page's draft, marked as not published, to anyone holding it", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAsAdmin(admin);
  const { url } = await json<{ url: string }>(await admin.post("/api/admin/pages/home/preview-link", { data: {} }), 201);
  await admin.dispose();

  await page.goto(new URL(url).pathname);
  await expect(page.getByText("Preview — not published")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEFAULT_HOME.hero.headline);
  await expect(page.getByRole("heading", { level: 2, name: DEFAULT_HOME.flightSystems.title })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await page.goto("/preview/home.1.forged");
  await expect(page.getByRole("heading", { level: 1, name: "Preview not found" })).toBeVisible();
  await expect(page.getByText("This preview link is not valid: ask for a new one")).toBeVisible();
});
