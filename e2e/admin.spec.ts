// The admin back office in the browser (docs/product.md §2 /admin, /admin-dashboard, file picker; §4 quote status,
// gallery flag; §5 upload rules; §8 media, upload and quotes messages), as customers and visitors see it.
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { deliverQuoteJobViaApi } from "./admin-jobs";
import { type Account, expect, expectToast, requestQuoteViaApi, test, uniqueId } from "./fixtures";

/** A small but real PDF: the server decides a report's type from its bytes. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

function png(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#22d3ee" } })
    .png()
    .toBuffer();
}

/** The name this file's customers register under. */
const CUSTOMER_NAME = { firstName: "Bessie", lastName: "Coleman" };

async function openAdminDashboard(page: Page): Promise<void> {
  await page.goto("/admin-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
}

/** Opens an admin tab by its label (badges extend the tab's name) and returns its panel. */
async function openAdminTab(page: Page, label: string): Promise<Locator> {
  const name = new RegExp(`^${label}\\b`);
  await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab", { name }).click();
  const panel = page.getByRole("tabpanel", { name });
  await expect(panel).toBeVisible();
  return panel;
}

async function openDashboardTab(page: Page, label: string): Promise<Locator> {
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: label, exact: true }).click();
  const panel = page.getByRole("tabpanel", { name: label, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

const reportForm = (page: Page) => page.getByRole("form", { name: "Upload report" });
const mediaForm = (page: Page) => page.getByRole("form", { name: "Upload user media" });
const galleryForm = (page: Page) => page.getByRole("form", { name: "Upload to the public gallery" });

interface OwnerUpload {
  customer: Account;
  title: string;
  description: string;
  file: { name: string; mimeType: string; buffer: Buffer };
}

/** Fills the report or user media form: customer, the first service, title, description and one file. */
async function fillOwnerUpload(form: Locator, upload: OwnerUpload): Promise<void> {
  const { customer } = upload;
  await form.getByLabel("Customer").selectOption({ label: `${customer.firstName} ${customer.lastName} (${customer.username})` });
  const service = form.getByLabel("Service", { exact: true });
  await expect(service.locator("option:not([value=''])").first()).toBeAttached();
  await service.selectOption({ index: 1 });
  await form.getByLabel("Title", { exact: true }).fill(upload.title);
  await form.getByLabel("Description", { exact: true }).fill(upload.description);
  await form.locator("input[type=file]").setInputFiles(upload.file);
  await expect(form.getByRole("list", { name: /^Selected files for/ }).getByRole("listitem")).toHaveText([new RegExp(upload.file.name.replace(".", "\\."))]);
}

/** Checks the card's Download link: the file comes back whole, as an attachment, and the browser saves it. */
async function expectDownload(page: Page, card: Locator, title: string, body: Buffer, contentType: string): Promise<void> {
  const link = card.getByRole("link", { name: `Download ${title}` });
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href).toBeTruthy();
  const response = await page.request.get(href ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment\b/);
  expect(response.headers()["content-type"]).toContain(contentType);
  expect(Buffer.compare(await response.body(), body)).toBe(0);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).not.toBe("");
  expect(await download.failure()).toBeNull();
}

test.describe("uploads for a customer", () => {
  test("a report and a media item uploaded on the Upload tab reach the customer's dashboard and download", async ({
    page,
    newCustomer,
    adminContext: admin,
  }) => {
    const customer = await newCustomer(CUSTOMER_NAME);
    const adminPage = await admin.newPage();
    await openAdminDashboard(adminPage);
    await openAdminTab(adminPage, "Upload");

    const id = uniqueId();
    const report = {
      customer,
      title: `Thermal report ${id}`,
      description: `Hotspots on strings 4 and 7, ref ${id}`,
      file: { name: `report-${id}.pdf`, mimeType: "application/pdf", buffer: PDF },
    };
    const reportUpload = reportForm(adminPage);
    await fillOwnerUpload(reportUpload, report);
    await reportUpload.getByRole("button", { name: "Upload report" }).click();
    await expectToast(adminPage, "Report uploaded", `"${report.title}" is now in the customer's dashboard`);
    await expect(reportUpload.getByLabel("Title", { exact: true })).toHaveValue("");

    const image = await png();
    const media = {
      customer,
      title: `Roof overview ${id}`,
      description: `North elevation, ref ${id}`,
      file: { name: `roof-${id}.png`, mimeType: "image/png", buffer: image },
    };
    const mediaUpload = mediaForm(adminPage);
    await fillOwnerUpload(mediaUpload, media);
    await mediaUpload.getByRole("button", { name: "Upload media" }).click();
    await expectToast(adminPage, "Upload Complete", "1 file uploaded successfully");
    await expect(mediaUpload.getByLabel("Title", { exact: true })).toHaveValue("");

    // The customer sees both and downloads them.
    await page.goto("/dashboard");
    await expect(page.getByText(/^Welcome,/)).toBeVisible();

    const reports = await openDashboardTab(page, "Reports");
    const reportCard = reports.getByRole("listitem").filter({ hasText: report.title });
    await expect(reportCard).toHaveCount(1);
    await expect(reportCard.getByRole("heading", { name: report.title })).toBeVisible();
    await expect(reportCard).toContainText(report.description);
    await expect(reports.getByRole("listitem")).toHaveCount(1);
    await expectDownload(page, reportCard, report.title, PDF, "application/pdf");

    const mediaPanel = await openDashboardTab(page, "Media");
    const mediaTitle = `${media.title} - File 1`;
    const mediaCard = mediaPanel.getByRole("listitem").filter({ hasText: mediaTitle });
    await expect(mediaCard).toHaveCount(1);
    await expect(mediaCard.getByRole("heading", { name: mediaTitle })).toBeVisible();
    await expect(mediaCard.getByText("Image", { exact: true })).toBeVisible();
    await expect(mediaPanel.getByRole("listitem")).toHaveCount(1);
    await expectDownload(page, mediaCard, mediaTitle, image, "image/png");
  });
});

test.describe("public gallery", () => {
  test("an item uploaded on the Gallery tab shows on /gallery for visitors, in WebP copies sized to its place, and leaves once made private", async ({
    page,
    adminContext: admin,
  }) => {
    const adminPage = await admin.newPage();
    await openAdminDashboard(adminPage);
    await openAdminTab(adminPage, "Gallery");

    const title = `Vineyard at dawn ${uniqueId()}`;
    const form = galleryForm(adminPage);
    await form.locator("input[type=file]").setInputFiles({ name: "vineyard.png", mimeType: "image/png", buffer: await png() });
    await form.getByLabel("Title (optional)").fill(title);
    await form.getByLabel("Description (optional)").fill("Rows of vines from 120 m");
    await form.getByRole("button", { name: "Upload to gallery" }).click();
    await expectToast(adminPage, "Upload Complete", "1 file uploaded successfully");

    // A visitor: this test's page has never logged in.
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    const gallery = page.getByRole("region", { name: "Gallery items" });
    await expect(gallery.getByRole("heading", { name: title })).toBeVisible();
    await expect(gallery.getByRole("button", { name: `Open ${title}` })).toBeVisible();

    // Responsive: at 1280 px wide the tile (a third of the row) takes the 480 px WebP copy and the
    // lightbox (1024 px) the 1600 px one, both made by the server and shown.
    const shown = async (image: Locator) =>
      image.evaluate((element: HTMLImageElement) => (element.complete && element.naturalWidth > 0 ? new URL(element.currentSrc).search : "not shown"));
    const tileImage = gallery.getByRole("button", { name: `Open ${title}` }).locator("img");
    await expect(tileImage).toHaveAttribute("srcset", /\/thumbnail\?w=480 480w, .*\/thumbnail\?w=960 960w$/);
    await tileImage.scrollIntoViewIfNeeded();
    await expect.poll(() => shown(tileImage)).toBe("?w=480");
    await gallery.getByRole("button", { name: `Open ${title}` }).click();
    const large = page.getByRole("dialog").getByRole("img", { name: title });
    await expect.poll(() => shown(large)).toBe("?w=1600");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    // The admin makes it private on the Media tab.
    const mediaPanel = await openAdminTab(adminPage, "Media");
    const card = mediaPanel.getByRole("listitem").filter({ has: adminPage.getByRole("heading", { name: title }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("button", { name: `Remove from Gallery: ${title}` })).toBeVisible();
    const toggle = card.getByRole("button", { name: `Public: ${title}` });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expectToast(adminPage, "Removed from gallery", `"${title}" is now private`);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(card.getByText("Private", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: `Add to Gallery: ${title}` })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    await expect(page.getByText("Loading the gallery…")).toBeHidden();
    await expect(gallery.getByRole("heading", { name: title })).toHaveCount(0);
  });
});

test.describe("quote decisions", () => {
  test("approve with a price, decline, and complete: the customer's My Quotes follows each step", async ({ page, newCustomer, adminContext: admin }) => {
    const customer = await newCustomer(CUSTOMER_NAME);
    const toApprove = `Orthomosaic of a 12 ha orchard, ref ${uniqueId()}`;
    const toDecline = `Night filming over the city centre, ref ${uniqueId()}`;
    const approvedQuoteId = await requestQuoteViaApi(page.request, customer, {
      serviceType: "agriculture",
      description: toApprove,
      budget: "$1,000 - $2,000",
      timeline: "Next month",
    });
    await requestQuoteViaApi(page.request, customer, { serviceType: "photography", description: toDecline, budget: "$1,000 - $2,000", timeline: "Next month" });

    const adminPage = await admin.newPage();
    await openAdminDashboard(adminPage);
    const quotes = await openAdminTab(adminPage, "Quotes");

    const approveCard = quotes.getByRole("listitem").filter({ hasText: toApprove });
    await expect(approveCard).toHaveCount(1);
    await expect(approveCard.getByText("Pending Review", { exact: true })).toBeVisible();
    await approveCard.getByRole("button", { name: /^Approve/ }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Approve quote request" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Price (USD)").fill("1500");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(adminPage, "Quote request accepted");
    await expect(dialog).toBeHidden();
    await expect(approveCard).toHaveCount(0);

    const declineCard = quotes.getByRole("listitem").filter({ hasText: toDecline });
    await expect(declineCard).toHaveCount(1);
    await declineCard.getByRole("button", { name: /^Decline/ }).click();
    await adminPage.getByRole("dialog", { name: "Decline quote request?" }).getByRole("button", { name: "Decline request" }).click();
    await expectToast(adminPage, "Quote request declined");
    await expect(declineCard).toHaveCount(0);

    // The customer sees Accepted with its price and follow-up, and Declined with its message.
    await page.goto("/dashboard");
    await expect(page.getByText(/^Welcome,/)).toBeVisible();
    let myQuotes = await openDashboardTab(page, "My Quotes");
    const accepted = myQuotes.getByRole("listitem").filter({ hasText: toApprove });
    await expect(accepted.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(accepted).toContainText("Great news! Our team will contact you shortly to schedule your mission.");
    await expect(accepted).toContainText("$1,500.00");
    const declined = myQuotes.getByRole("listitem").filter({ hasText: toDecline });
    await expect(declined.getByText("Declined", { exact: true })).toBeVisible();
    await expect(declined).toContainText("We're unable to take on this request right now.");

    // Once its job is flown and delivered, the admin completes the accepted one in the Processed tab.
    await deliverQuoteJobViaApi(admin.request, page.request, approvedQuoteId);
    const processed = await openAdminTab(adminPage, "Processed");
    const processedAccepted = processed.getByRole("listitem").filter({ hasText: toApprove });
    await expect(processedAccepted.getByText("Delivered", { exact: true })).toBeVisible();
    await expect(processedAccepted).toContainText("$1,500.00");
    const processedDeclined = processed.getByRole("listitem").filter({ hasText: toDecline });
    await expect(processedDeclined.getByText("Declined", { exact: true })).toBeVisible();
    await expect(processedDeclined.getByRole("button", { name: /^Mark Completed/ })).toHaveCount(0);
    await processedAccepted.getByRole("button", { name: /^Mark Completed/ }).click();
    await adminPage.getByRole("dialog", { name: "Mark this request completed?" }).getByRole("button", { name: "Mark Completed" }).click();
    await expectToast(adminPage, "Quote request completed");
    await expect(processedAccepted.getByText("Completed", { exact: true })).toBeVisible();
    await expect(processedAccepted.getByRole("button", { name: /^Mark Completed/ })).toHaveCount(0);

    await page.reload();
    myQuotes = await openDashboardTab(page, "My Quotes");
    await expect(myQuotes.getByRole("listitem").filter({ hasText: toApprove }).getByText("Completed", { exact: true })).toBeVisible();
    await expect(myQuotes.getByRole("listitem").filter({ hasText: toDecline }).getByText("Declined", { exact: true })).toBeVisible();
    await expect(myQuotes.getByRole("listitem")).toHaveCount(2);
  });
});

test.describe("access", () => {
  test("a customer opening /admin-dashboard or /admin sees the Administrators only screen", async ({ page, newCustomer }) => {
    await newCustomer(CUSTOMER_NAME);
    for (const pathname of ["/admin-dashboard", "/admin"]) {
      await page.goto(pathname);
      await expect(page.getByRole("heading", { level: 1, name: "Administrators only" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to your dashboard" })).toHaveAttribute("href", "/dashboard");
      await expect(page.getByRole("heading", { name: /Admin Dashboard|Contact Submissions/ })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${pathname}$`));
    }
  });

  test("a visitor opening /admin-dashboard or /admin goes to /login", async ({ page }) => {
    for (const pathname of ["/admin-dashboard", "/admin"]) {
      await page.goto(pathname);
      await expect(page).toHaveURL(/\/login(\?|$)/);
      await expect(page.getByRole("form", { name: "Login", exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Administrators only" })).toHaveCount(0);
    }
  });

  test("the admin sees the back office on both screens", async ({ adminContext: admin }) => {
    const page = await admin.newPage();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
    await page.getByRole("link", { name: "Admin dashboard" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });
});

test.describe("upload form rules", () => {
  test("an empty report form gives a Validation Error; a file of the wrong type is refused by the picker", async ({ adminContext: admin }) => {
    const page = await admin.newPage();
    await openAdminDashboard(page);
    await openAdminTab(page, "Upload");
    const form = reportForm(page);

    await form.getByRole("button", { name: "Upload report" }).click();
    await expectToast(page, "Validation Error", "Please fill in all required fields and upload a file");

    await form.locator("input[type=file]").setInputFiles({ name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("not a report\n") });
    await expect(form.getByRole("alert").filter({ hasText: 'File "x.txt" is not an accepted file type' })).toBeVisible();
    await expectToast(page, "File rejected", 'File "x.txt" is not an accepted file type');
    await expect(form.getByRole("list", { name: /^Selected files for/ })).toHaveCount(0);

    // An accepted file replaces the rejection and is listed; Remove takes it away again.
    await form.locator("input[type=file]").setInputFiles({ name: "ok.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(form.getByText('File "x.txt" is not an accepted file type')).toHaveCount(0);
    const selected = form.getByRole("list", { name: /^Selected files for/ });
    await expect(selected.getByRole("listitem")).toHaveText([/ok\.pdf/]);
    await selected.getByRole("button", { name: "Remove ok.pdf" }).click();
    await expect(selected).toHaveCount(0);
  });
});
