import sharp from "sharp";
import type { SiteImage } from "@common/contract/site-images";
import type { SitePage } from "@common/contract/site-pages";
import { siteImageMessages } from "@common/site-images";
import { expect, json, test, uniqueId } from "./fixtures";

// A picture in a service page's hero (docs/decisions/0065-page-images.md): uploaded in the editor,
// refused with the server's reason under the field when it is not a picture, saved with its alt
// text in the draft, and shown by the draft's preview link with srcset, sizes, width and height, so
// the page does not shift as it loads. Nothing is published on the run's shared site, whose other
// specs read SPEC's words (publishing is e2e/site-publish.spec.ts's, on servers of its own); the
// draft is put back and the picture deleted afterwards.
const KEY = "photography-filming";

/** A photo-like JPEG: noise, so it weighs what a photo would. */
const photo = () =>
  sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#2f5d7c", noise: { type: "gaussian", mean: 110, sigma: 35 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

test("an admin uploads a hero picture for a service page, and its preview shows it sized, with no layout shift", async ({
  adminPage: admin,
  adminApi,
  page,
}) => {
  const original = await json<SitePage>(await adminApi.get(`/api/admin/pages/${KEY}`));
  const headline = `Aerial films that sell the place, ref ${uniqueId()}`;
  const alt = "A farmhouse at dusk seen from the drone, its fields behind it";
  let uploadedToken: string | undefined;
  try {
    await admin.goto("/admin-dashboard");
    const menu = admin.getByRole("combobox", { name: "Section" });
    if (await menu.isVisible()) await menu.selectOption({ label: "Pages" });
    else
      await admin
        .getByRole("tablist", { name: "Admin sections" })
        .getByRole("tab", { name: /^Pages\b/ })
        .click();
    const navLabel = "navLabel" in original.draft ? original.draft.navLabel : KEY;
    await admin.getByRole("button", { name: `Edit ${navLabel}` }).click();
    const form = admin.getByRole("form", { name: `${navLabel} draft` });
    const picture = form.getByRole("group", { name: "Picture" });

    await form.getByLabel("Headline", { exact: true }).first().fill(headline);
    // A text file named .jpg: refused by its content, the reason under the field, the headline kept.
    await picture.locator("input[type=file]").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all\n") });
    await expect(picture.getByRole("alert")).toHaveText(siteImageMessages.notImage);
    await expect(form.getByLabel("Headline", { exact: true }).first()).toHaveValue(headline);
    await expect(picture.getByTestId("hero-picture-thumbnail")).toHaveCount(0);

    const uploaded = admin.waitForResponse((response) => response.url().endsWith("/api/admin/site-images") && response.request().method() === "POST");
    await picture.locator("input[type=file]").setInputFiles({ name: "farmhouse.jpg", mimeType: "image/jpeg", buffer: await photo() });
    const answer = await uploaded;
    expect(answer.status()).toBe(201);
    uploadedToken = ((await answer.json()) as { data: SiteImage }).data.token;
    await expect(picture.getByRole("alert")).toHaveCount(0);
    const thumbnail = picture.getByTestId("hero-picture-thumbnail");
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The alt text is required with a picture: the form says so under its field and sends nothing.
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect(form.getByText("The picture's description is required")).toBeVisible();
    await picture.getByLabel("What the picture shows (alt text)").fill(alt);
    const saved = admin.waitForResponse((response) => response.url().endsWith(`/api/admin/pages/${KEY}/draft`) && response.request().method() === "PUT");
    await form.getByRole("button", { name: "Save draft" }).click();
    expect((await saved).status()).toBe(200);

    const { url } = await json<{ url: string }>(await adminApi.post(`/api/admin/pages/${KEY}/preview-link`, { data: {} }), 201);
    // The layout shifts from the moment the hero's picture is in the page, its copies held back a
    // moment so they arrive after it: a picture without its size would push the page down then.
    await page.addInitScript(() => {
      const state = window as unknown as { shifts: number; counting: boolean };
      state.shifts = 0;
      state.counting = false;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (state.counting && !entry.hadRecentInput) state.shifts += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.route("**/api/site/images/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(new URL(url).pathname);
    await expect(page.getByText("Preview — not published")).toBeVisible();
    const hero = page.getByRole("img", { name: alt });
    await expect(hero).toBeAttached();
    await page.evaluate(() => ((window as unknown as { counting: boolean }).counting = true));
    await expect(page.getByRole("heading", { level: 1, name: headline })).toBeVisible();

    await expect(hero).toHaveAttribute("width", "1600");
    await expect(hero).toHaveAttribute("height", "1067");
    await expect(hero).toHaveAttribute("srcset", new RegExp(`/api/site/images/${uploadedToken}-480\\.webp 480w, .*-960\\.webp 960w, .*-1600\\.webp 1600w$`));
    await expect(hero).toHaveAttribute("sizes", /.+/);
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("decoding", "async");
    await expect(hero).not.toHaveAttribute("loading", "lazy");
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
    // Two frames for a shift to be reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    // The illustration is gone from the hero.
    await expect(page.locator("section[aria-labelledby=page-title] img")).toHaveCount(1);
  } finally {
    const now = await json<SitePage>(await adminApi.get(`/api/admin/pages/${KEY}`));
    await json(await adminApi.put(`/api/admin/pages/${KEY}/draft`, { data: { revision: now.revision, document: original.draft } }));
    if (uploadedToken) {
      const images = await json<{ data: SiteImage[] }>(await adminApi.get("/api/admin/site-images"));
      const mine = images.data.find((image) => image.token === uploadedToken);
      if (mine) await json(await adminApi.delete(`/api/admin/site-images/${mine.id}`));
    }
  }
});
