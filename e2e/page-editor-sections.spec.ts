import type { SitePage } from "@common/contract/site-pages";
import { expect, json, test, uniqueId } from "./fixtures";

// The page editor's sections reach the page as visitors will see it: a protocol step's words and a
// feature card's link, written in the rich text's markup, are saved in the draft and shown by its
// preview link with the link as a link. Nothing is published on the run's shared site, whose other
// specs read SPEC's words on this page (publishing is e2e/site-publish.spec.ts's, on servers of its
// own); the draft is put back as it was afterwards.
const KEY = "agricultural-services";

test("an admin edits a protocol step and a card's link in the draft, saves, and its preview link shows them as the page will", async ({
  adminPage: admin,
  adminApi,
  page,
}) => {
  const original = await json<SitePage>(await adminApi.get(`/api/admin/pages/${KEY}`));
  const ref = uniqueId();
  const step = `Walk the field edges with the grower before every flight, ref ${ref}.`;
  const label = `the crop report ${ref}`;
  try {
    await admin.goto("/admin-dashboard");
    const menu = admin.getByRole("combobox", { name: "Section" });
    if (await menu.isVisible()) await menu.selectOption({ label: "Pages" });
    else
      await admin
        .getByRole("tablist", { name: "Admin sections" })
        .getByRole("tab", { name: /^Pages\b/ })
        .click();
    await admin.getByRole("button", { name: "Edit AGRICULTURE" }).click();
    const form = admin.getByRole("form", { name: "AGRICULTURE draft" });
    const index = form.getByRole("navigation", { name: "Sections of the page" });

    await index.getByRole("button", { name: /^Protocol/ }).click();
    await form.getByLabel("Step 1 description", { exact: true }).fill(step);
    await index.getByRole("button", { name: /^Overview/ }).click();
    await form.getByLabel("Feature card 1 description", { exact: true }).fill(`Read *[${label}](/gallery)* before the season starts.`);

    const saved = admin.waitForResponse((response) => response.url().endsWith(`/api/admin/pages/${KEY}/draft`) && response.request().method() === "PUT");
    await form.getByRole("button", { name: "Save draft" }).click();
    expect((await saved).status()).toBe(200);
    const { url } = await json<{ url: string }>(await adminApi.post(`/api/admin/pages/${KEY}/preview-link`, { data: {} }), 201);
    await page.goto(new URL(url).pathname);
    await expect(page.getByText("Preview — not published")).toBeVisible();
    await expect(page.getByText(step)).toBeVisible();
    const link = page.getByRole("link", { name: label });
    await expect(link).toHaveAttribute("href", "/gallery");
    await expect(page.locator("em").filter({ hasText: label })).toHaveCount(1);
  } finally {
    const now = await json<SitePage>(await adminApi.get(`/api/admin/pages/${KEY}`));
    await json(await adminApi.put(`/api/admin/pages/${KEY}/draft`, { data: { revision: now.revision, document: original.draft } }));
  }
});
