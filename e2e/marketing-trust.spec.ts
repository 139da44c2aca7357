// Trust on the marketing pages: Recent missions from the public gallery and the published
// testimonials on the home and service pages, the contact section's social links, and the back
// office's Site tab that manages them (docs/product.md §2).
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectToast, openPage, severeViolations, test, uniqueId } from "./fixtures";

const EMPTY_LIST = { status: 200, contentType: "application/json", body: JSON.stringify({ success: true, data: [] }) };

/** The back office's Site tab, by its address. */
async function openSiteTab(page: Page): Promise<Locator> {
  await page.goto("/admin-dashboard?tab=site");
  const panel = page.getByRole("tabpanel", { name: "Site" });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Comes within half a screen of where the page shows its proof of work, as a reader scrolling down does,
 * and waits for the gallery and testimonials to be read, so that what is not shown afterwards is not
 * shown at all (not merely not yet). The sections appear only while their place is below the screen.
 */
async function approachFieldProof(page: Page): Promise<void> {
  const answered = Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === "/api/gallery"),
    page.waitForResponse((res) => new URL(res.url()).pathname === "/api/testimonials"),
  ]);
  await page.evaluate(() => {
    const marker = document.getElementById("field-proof")!;
    window.scrollTo({ top: marker.getBoundingClientRect().top + window.scrollY - window.innerHeight * 1.25, behavior: "instant" });
  });
  await answered;
}

/** Images on the page that the browser tried to show and could not. */
const brokenImages = (page: Page) =>
  page
    .locator("img")
    .evaluateAll((images: HTMLImageElement[]) => images.filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src));

test.describe("Recent missions", () => {
  test("an empty gallery leaves no section behind; an item an admin publishes shows on the home page and a service page", async ({
    page,
    adminContext: admin,
  }) => {
    await page.route("**/api/gallery", (route) => route.fulfill(EMPTY_LIST));
    await page.route("**/api/testimonials", (route) => route.fulfill(EMPTY_LIST));
    // Badges other specs add on the shared server would fill the proof sections too.
    await page.route("**/api/badges", (route) => route.fulfill(EMPTY_LIST));
    await openPage(page, "/", "DRONE INTELLIGENCE");
    await approachFieldProof(page);
    await expect(page.getByRole("heading", { name: "Recent missions" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "What our clients say" })).toHaveCount(0);
    await expect(page.locator("#field-proof")).toBeEmpty();
    expect(await brokenImages(page)).toEqual([]);
    await page.unrouteAll();

    // The admin uploads a picture as private, then publishes it to the gallery.
    const title = `Solar farm thermal sweep ${uniqueId()}`;
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#f59e0b" } })
      .png()
      .toBuffer();
    const uploaded = await admin.request.post("/api/admin/media", {
      multipart: {
        userId: "admin",
        serviceId: "1",
        title,
        description: "Rows of panels from 60 m",
        isGalleryItem: "false",
        file: { name: "sweep.png", mimeType: "image/png", buffer: picture },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { id } = (await uploaded.json()).data as { id: number };
    expect((await admin.request.patch(`/api/admin/media/${id}/gallery`, { data: { isGalleryItem: true } })).status()).toBe(200);

    for (const [pathname, heading] of [
      ["/", "DRONE INTELLIGENCE"],
      ["/solar-inspections", "Thermal & Visual Analysis"],
    ] as const) {
      await openPage(page, pathname, heading);
      await approachFieldProof(page);
      const section = page.getByRole("region", { name: "Recent missions" });
      const image = section.getByRole("img", { name: title });
      await expect(image).toBeVisible();
      // Its WebP copy, lazily, with its size reserved.
      await expect(image).toHaveAttribute("src", /\/api\/media\/\d+\/thumbnail$/);
      await expect(image).toHaveAttribute("loading", "lazy");
      await expect(image).toHaveAttribute("width", "480");
      await expect(image).toHaveAttribute("height", "360");
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
      await expect(section.getByRole("link", { name: "View the gallery" })).toHaveAttribute("href", "/gallery");
      expect(await severeViolations(page, "#field-proof"), "serious or critical axe violations").toBe("");
    }
  });
});

test.describe("testimonials", () => {
  test("an admin adds one on the Site tab and it shows on the home page; unpublished it goes, deleted it leaves the list", async ({
    page,
    adminContext: admin,
  }) => {
    const author = `Dana Ruiz ${uniqueId()}`;
    const quote = `They flew 40 MW in a morning and the report was in our inbox by Friday. (${author})`;
    const adminPage = await admin.newPage();
    const panel = await openSiteTab(adminPage);
    await panel.getByRole("button", { name: "Add testimonial" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Add a testimonial" });
    const form = dialog.getByRole("form", { name: "Testimonial" });
    // Nothing typed: each field says what it needs, and nothing is sent.
    await form.getByRole("button", { name: "Add testimonial" }).click();
    await expect(form.getByText("Write what the customer said")).toBeVisible();
    await expect(form.getByText("Name who said it")).toBeVisible();
    await form.getByLabel("Quote").fill(quote);
    await form.getByLabel("Name", { exact: true }).fill(author);
    await form.getByLabel("Role and company (optional)").fill("O&M lead, Sunfield Solar");
    await form.getByRole("button", { name: "Add testimonial" }).click();
    await expectToast(adminPage, "Testimonial added", author);
    await expect(dialog).toBeHidden();
    const card = panel.getByRole("listitem").filter({ hasText: author });
    await expect(card.getByText("Published", { exact: true })).toBeVisible();

    await openPage(page, "/", "DRONE INTELLIGENCE");
    await approachFieldProof(page);
    const section = page.getByRole("region", { name: "What our clients say" });
    await expect(section.getByText(quote)).toBeVisible();
    await expect(section.getByText("O&M lead, Sunfield Solar").first()).toBeVisible();

    await card.getByRole("button", { name: `Unpublish: ${author}` }).click();
    await expectToast(adminPage, "Testimonial unpublished", author);
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    // The next visit (a new load from the top: a reload would restore the scroll, and read them before we listen).
    await openPage(page, "/", "DRONE INTELLIGENCE");
    await approachFieldProof(page);
    await expect(page.getByText(quote)).toHaveCount(0);

    // Delete asks first.
    await card.getByRole("button", { name: `Delete: ${author}` }).click();
    const confirm = adminPage.getByRole("dialog", { name: "Delete testimonial" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(adminPage, "Testimonial deleted", author);
    await expect(panel.getByText(quote)).toHaveCount(0);
    expect(await severeViolations(adminPage, "[role=tabpanel]"), "serious or critical axe violations").toBe("");
  });
});

test.describe("social links", () => {
  test("an invalid address is refused under its field; the LinkedIn address an admin saves is the contact section's link on the next load", async ({
    page,
    adminContext: admin,
  }) => {
    const linkedin = `https://www.linkedin.com/company/skyvantage-${uniqueId()}`;
    try {
      const adminPage = await admin.newPage();
      const panel = await openSiteTab(adminPage);
      const form = panel.getByRole("form", { name: "Social links" });
      const field = form.getByLabel("LinkedIn address");
      await field.fill("javascript:alert(1)");
      await form.getByRole("button", { name: "Save social links" }).click();
      await expect(form.getByText("Enter a web address starting with https:// or http://")).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveValue("javascript:alert(1)");

      await field.fill(linkedin);
      await form.getByRole("button", { name: "Save social links" }).click();
      await expectToast(adminPage, "Social links saved");

      await openPage(page, "/", "DRONE INTELLIGENCE");
      await page.locator("#contact").scrollIntoViewIfNeeded();
      const icons = page.getByRole("list", { name: "Social media" });
      await expect(icons.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("href", linkedin);
      // A network without an address keeps its placeholder target (SPEC §2).
      await expect(icons.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "#contact");
    } finally {
      expect((await admin.request.put("/api/admin/social-links", { data: {} })).status()).toBe(200);
    }
  });
});
