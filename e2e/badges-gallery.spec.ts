// Certification and insurance badges on the public pages, and the gallery's categories (docs/product.md
// §2, Certified and insured; Gallery): the owner adds them in the back office, a visitor sees the
// badge on the home page and filters the gallery. The shared server holds other specs' proof and
// gallery items, so everything here is this test's own, found by its unique name.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectToast, openPage, test, uniqueId } from "./fixtures";

/** Comes within half a screen of the proof sections, as a reader scrolling down does, and waits for the badges to be read. */
async function approachFieldProof(page: Page): Promise<void> {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/badges");
  await page.evaluate(() => {
    const marker = document.getElementById("field-proof")!;
    window.scrollTo({ top: marker.getBoundingClientRect().top + window.scrollY - window.innerHeight * 1.25, behavior: "instant" });
  });
  await answered;
}

test("the owner adds a badge and a gallery category; a visitor sees the badge and filters the gallery", async ({ page, adminContext: admin }) => {
  const tag = uniqueId();
  const title = `FAA Part 107 Remote Pilot Certificate with night operations and operations over people ${tag}`;
  const lapsed = `Lapsed liability policy ${tag}`;

  // A policy that ran out in 2020 is in the list, marked Expired, and not on the public pages.
  const expired = await admin.request.post("/api/admin/badges", {
    data: { kind: "insurance", title: lapsed, issuer: "Old Insurer", validUntil: "2020-01-31" },
  });
  expect(expired.status(), await expired.text()).toBe(201);

  const adminPage = await admin.newPage();
  await adminPage.goto("/admin-dashboard?tab=site");
  const site = adminPage.getByRole("tabpanel", { name: "Site" });
  await site.getByRole("button", { name: "Add badge" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Add a badge" });
  const form = dialog.getByRole("form", { name: "Badge" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Issued by").fill("Federal Aviation Administration");
  await form.getByLabel("Certificate number (optional)").fill("4839201");
  // A link that would run script is refused under its field, and nothing is saved.
  await form.getByLabel("Link to check it (optional)").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add badge" }).click();
  await expect(form.getByText("Enter a web address starting with https:// or http://")).toBeVisible();
  await form.getByLabel("Link to check it (optional)").fill("https://amsrvs.registry.faa.gov/airmeninquiry/");
  await form.getByLabel("Valid until (optional)").fill("2099-06-30");
  await form.getByRole("button", { name: "Add badge" }).click();
  await expectToast(adminPage, "Badge added", title);
  await expect(dialog).toBeHidden();
  await expect(site.getByRole("listitem").filter({ hasText: title }).getByText("Shown", { exact: true })).toBeVisible();
  await expect(site.getByRole("listitem").filter({ hasText: lapsed }).getByText("Expired", { exact: true })).toBeVisible();
  await site.getByRole("heading", { name: "Certifications and insurance" }).scrollIntoViewIfNeeded();
  await adminPage.screenshot({ path: "test-results/badges-site-tab-1366.png" });

  // A visitor sees the badge on the home page, and not the lapsed one.
  await openPage(page, "/", "DRONE INTELLIGENCE");
  await approachFieldProof(page);
  const proof = page.getByRole("region", { name: "Certified and insured" });
  const badge = proof.getByRole("listitem").filter({ hasText: title });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText("Federal Aviation Administration");
  await expect(badge).toContainText("No. 4839201");
  await expect(badge).toContainText("valid until Jun 30, 2099");
  await expect(badge.getByRole("link", { name: /Verify/ })).toHaveAttribute("href", "https://amsrvs.registry.faa.gov/airmeninquiry/");
  await expect(page.getByText(lapsed)).toHaveCount(0);
  await badge.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/badges-home-1366.png", fullPage: false });

  // The owner uploads two pictures to the gallery, adds a category and puts one of them in it.
  const category = `Solar farms ${tag}`;
  const ids: number[] = [];
  for (const [name, colour] of [
    [`Thermal sweep ${tag}`, "#f59e0b"],
    [`Wheat field ${tag}`, "#16a34a"],
  ] as const) {
    const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const uploaded = await admin.request.post("/api/admin/media", {
      multipart: {
        userId: "admin",
        serviceId: "1",
        title: name,
        description: "Seen from 60 m",
        isGalleryItem: "true",
        file: { name: "shot.png", mimeType: "image/png", buffer: picture },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    ids.push(((await uploaded.json()).data as { id: number }).id);
  }
  await adminPage.goto("/admin-dashboard?tab=manage");
  const manage = adminPage.getByRole("tabpanel", { name: "Manage" });
  await manage.getByLabel("New category's name").fill(category);
  await manage.getByRole("button", { name: "Add category" }).click();
  await expectToast(adminPage, "Category added", category);
  await manage.getByLabel(`Category of Thermal sweep ${tag}`).selectOption({ label: category });
  await expectToast(adminPage, "Category set", `"Thermal sweep ${tag}"`);
  await adminPage.screenshot({ path: "test-results/badges-manage-tab-1366.png" });

  // The visitor filters the gallery: the chip's choice is in the address, and Back returns to All.
  await openPage(page, "/gallery", "Gallery");
  const chips = page.getByRole("list", { name: "Filter by category" });
  await expect(chips.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
  const items = page.getByRole("region", { name: "Gallery items" });
  await expect(items.getByRole("heading", { name: `Wheat field ${tag}` })).toBeVisible();
  await chips.getByRole("button", { name: category }).click();
  await expect(page).toHaveURL(/\/gallery\?category=solar-farms-/);
  await expect(chips.getByRole("button", { name: category })).toHaveAttribute("aria-pressed", "true");
  await expect(items.getByRole("heading", { name: `Thermal sweep ${tag}` })).toBeVisible();
  await expect(items.getByRole("heading", { name: `Wheat field ${tag}` })).toHaveCount(0);
  await page.screenshot({ path: "test-results/badges-gallery-1366.png" });

  // A shared link opens on the category; Back returns to the whole gallery.
  const shared = page.url();
  await page.goBack();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(items.getByRole("heading", { name: `Wheat field ${tag}` })).toBeVisible();
  await page.goto(shared);
  await expect(chips.getByRole("button", { name: category })).toHaveAttribute("aria-pressed", "true");
  await expect(items.getByRole("heading", { name: `Wheat field ${tag}` })).toHaveCount(0);

  // On a phone the long title wraps inside its badge, and the chips wrap: nothing runs off the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: "test-results/badges-gallery-360.png" });
  await openPage(page, "/", "DRONE INTELLIGENCE");
  await approachFieldProof(page);
  await badge.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/badges-home-360.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Tidy up: the shared server's other specs see the gallery and the proof sections as they were.
  for (const id of ids) expect((await admin.request.delete(`/api/admin/media/${id}`)).status()).toBe(200);
  const badges = (await (await admin.request.get("/api/admin/badges")).json()).data as { id: number; title: string }[];
  for (const each of badges.filter((row) => row.title.endsWith(tag))) expect((await admin.request.delete(`/api/admin/badges/${each.id}`)).status()).toBe(200);
});
