// The back office corrects a delivery (docs/product.md §2, Back office): Rename and Delete on every
// report and media item, each confirmed; Add to Gallery asks before publishing a customer's media;
// the lists name the owner and search and page on the server.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { openBackOffice } from "./admin-jobs";
import { expect, expectToast, registerCustomer, severeViolations, test, uniqueId } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const SPEC_DELETE_MESSAGE = "Are you sure you want to delete this media file? This action cannot be undone.";

interface Delivered {
  id: number;
  title: string;
  fileUrl: string;
}

/** A customer with a private report and a private media item delivered to them through the API, each titled with `word`. */
async function customerWithDeliverables(page: Page, admin: APIRequestContext, word: string) {
  const customer = await registerCustomer(page.request, { firstName: "Bessie", lastName: "Coleman" });
  const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const [service] = ((await (await admin.get("/api/services")).json()) as { data: { id: number }[] }).data;
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#22d3ee" } })
    .png()
    .toBuffer();
  const deliver = async (kind: "reports" | "media", title: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<Delivered> => {
    const response = await admin.post(`/api/admin/${kind}`, {
      multipart: { userId: String(userId), serviceId: String(service!.id), title, description: `Delivered by mistake, ${word}`, file },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { data } = (await response.json()) as { data: Delivered };
    return data;
  };
  const report = await deliver("reports", `Thermal report ${word}`, { name: "report.pdf", mimeType: "application/pdf", buffer: PDF });
  const media = await deliver("media", `Roof overview ${word}`, { name: "roof.png", mimeType: "image/png", buffer: image });
  return { customer, report, media };
}

/** Types `word` into the tab's search box and waits for the server's answer to that search. */
async function searchFor(page: Page, panel: Locator, path: string, word: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === path && url.searchParams.get("q") === word && response.ok();
  });
  await panel.getByRole("searchbox", { name: "Search" }).fill(word);
  await answered;
}

const card = (panel: Locator, title: string) => panel.getByRole("listitem").filter({ has: panel.page().getByRole("heading", { name: title, exact: true }) });

async function openDashboardTab(page: Page, label: string): Promise<Locator> {
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: label, exact: true }).click();
  const panel = page.getByRole("tabpanel", { name: label, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

test("an admin deletes a customer's private media item and report, each after a confirmation; the customer no longer has them and their files answer 404", async ({
  page,
  adminContext: admin,
}) => {
  const word = `del${uniqueId()}`;
  const { report, media } = await customerWithDeliverables(page, admin.request, word);
  expect((await page.request.get(media.fileUrl)).status()).toBe(200);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin-dashboard");

  const mediaPanel = await openBackOffice(adminPage, "Media");
  await searchFor(adminPage, mediaPanel, "/api/admin/media", word);
  const mediaCard = card(mediaPanel, media.title);
  await expect(mediaCard.getByText("Private", { exact: true })).toBeVisible();
  await mediaCard.getByRole("button", { name: `Delete ${media.title}` }).click();
  const confirmMedia = adminPage.getByRole("dialog", { name: `Delete "${media.title}"?` });
  await expect(confirmMedia).toContainText(SPEC_DELETE_MESSAGE);
  await confirmMedia.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(adminPage, "Media deleted", `"${media.title}" was deleted`);
  await expect(mediaCard).toHaveCount(0);

  const reportsPanel = await openBackOffice(adminPage, "Reports");
  await searchFor(adminPage, reportsPanel, "/api/admin/reports", word);
  const reportCard = card(reportsPanel, report.title);
  await reportCard.getByRole("button", { name: `Delete ${report.title}` }).click();
  const confirmReport = adminPage.getByRole("dialog", { name: `Delete "${report.title}"?` });
  await expect(confirmReport).toContainText("Are you sure you want to delete this report? This action cannot be undone.");
  await confirmReport.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(adminPage, "Report deleted", `"${report.title}" was deleted`);
  await expect(reportCard).toHaveCount(0);

  // The customer's dashboard no longer lists them, and their files are gone.
  await page.goto("/dashboard");
  const reports = await openDashboardTab(page, "Reports");
  await expect(reports.getByText(/^No reports yet/)).toBeVisible();
  const mediaTab = await openDashboardTab(page, "Media");
  await expect(mediaTab.getByRole("heading", { name: media.title })).toHaveCount(0);
  expect((await page.request.get(media.fileUrl)).status()).toBe(404);
  expect((await page.request.get(report.fileUrl)).status()).toBe(404);
  const mine = async (path: string) => ((await (await page.request.get(path)).json()) as { data: unknown[] }).data;
  expect(await mine("/api/reports")).toEqual([]);
  expect(await mine("/api/media")).toEqual([]);
});

test("a renamed report shows under its new title and description in the customer's list", async ({ page, adminContext: admin }) => {
  const word = `ren${uniqueId()}`;
  const { report } = await customerWithDeliverables(page, admin.request, word);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin-dashboard");
  const reportsPanel = await openBackOffice(adminPage, "Reports");
  await searchFor(adminPage, reportsPanel, "/api/admin/reports", word);
  await card(reportsPanel, report.title)
    .getByRole("button", { name: `Rename ${report.title}` })
    .click();

  const dialog = adminPage.getByRole("dialog", { name: `Rename "${report.title}"` });
  const newTitle = `North roof survey ${word}`;
  await dialog.getByLabel("Title").fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter a title")).toBeVisible();
  await dialog.getByLabel("Title").fill(newTitle);
  await dialog.getByLabel("Description").fill("Corrected: north roof only");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(adminPage, "Renamed", `"${newTitle}" is saved`);
  await expect(card(reportsPanel, newTitle)).toBeVisible();

  await page.goto("/dashboard");
  const reports = await openDashboardTab(page, "Reports");
  await expect(reports.getByRole("heading", { name: newTitle })).toBeVisible();
  await expect(reports).toContainText("Corrected: north roof only");
  await expect(reports.getByRole("heading", { name: report.title, exact: true })).toHaveCount(0);
});

test("Add to Gallery asks first, naming whose media it is; Cancel leaves it private, confirming publishes it", async ({ page, adminContext: admin }) => {
  const word = `pub${uniqueId()}`;
  const { media } = await customerWithDeliverables(page, admin.request, word);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin-dashboard");
  const panel = await openBackOffice(adminPage, "Media");
  await searchFor(adminPage, panel, "/api/admin/media", word);
  const mediaCard = card(panel, media.title);

  await mediaCard.getByRole("button", { name: `Add to Gallery: ${media.title}` }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Add to the public gallery?" });
  await expect(dialog).toContainText(
    `"${media.title}" belongs to Bessie Coleman. Adding it to the gallery makes it visible to everyone on the public gallery page.`,
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(mediaCard.getByText("Private", { exact: true })).toBeVisible();
  await expect(mediaCard.getByRole("button", { name: `Public: ${media.title}` })).toHaveAttribute("aria-pressed", "false");
  const gallery = async () => ((await (await page.request.get("/api/gallery")).json()) as { data: { id: number }[] }).data.map((item) => item.id);
  expect(await gallery()).not.toContain(media.id);

  await mediaCard.getByRole("button", { name: `Public: ${media.title}` }).click();
  await adminPage.getByRole("dialog", { name: "Add to the public gallery?" }).getByRole("button", { name: "Add to Gallery" }).click();
  await expectToast(adminPage, "Added to gallery", `"${media.title}" is now public`);
  await expect(mediaCard.getByRole("button", { name: `Public: ${media.title}` })).toHaveAttribute("aria-pressed", "true");
  expect(await gallery()).toContain(media.id);
});

test("the back office names each owner and its search narrows the reports and media lists through the server", async ({ page, adminContext: admin }) => {
  const word = `find${uniqueId()}`;
  const { report, media } = await customerWithDeliverables(page, admin.request, word);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin-dashboard");

  const mediaPanel = await openBackOffice(adminPage, "Media");
  await searchFor(adminPage, mediaPanel, "/api/admin/media", word);
  await expect(mediaPanel.getByRole("listitem")).toHaveCount(1);
  await expect(card(mediaPanel, media.title)).toContainText("Bessie Coleman");
  await expect(mediaPanel).not.toContainText(/User #\d/);
  expect(await severeViolations(adminPage, "[role=tabpanel]")).toBe("");

  const reportsPanel = await openBackOffice(adminPage, "Reports");
  await searchFor(adminPage, reportsPanel, "/api/admin/reports", word);
  await expect(reportsPanel.getByRole("listitem")).toHaveCount(1);
  await expect(card(reportsPanel, report.title)).toContainText("Customer: Bessie Coleman");
  await expect(reportsPanel).not.toContainText(/User #\d/);

  await searchFor(adminPage, reportsPanel, "/api/admin/reports", `${word}-nothing`);
  await expect(reportsPanel.getByText(`No reports match "${word}-nothing".`)).toBeVisible();
});

test("a job's deliverables are renamed and deleted from the back office's job page", async ({ page, newCustomer, adminContext: admin }) => {
  const word = `job${uniqueId()}`;
  await newCustomer();
  const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const [service] = ((await (await admin.request.get("/api/services")).json()) as { data: { id: number }[] }).data;
  const created = await admin.request.post("/api/admin/jobs", {
    data: { userId, serviceId: service!.id, title: `Barn roof ${word}`, site: { name: "Barn", address: "", latitude: null, longitude: null } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data: job } = (await created.json()) as { data: { id: number } };
  for (const title of [`Thermal report ${word}`, `Wrong farm report ${word}`]) {
    const response = await admin.request.post("/api/admin/reports", {
      multipart: {
        userId: String(userId),
        serviceId: String(service!.id),
        jobId: String(job.id),
        title,
        description: "Delivered to the job",
        file: { name: "report.pdf", mimeType: "application/pdf", buffer: PDF },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
  const deliverables = adminPage.getByRole("region", { name: "Deliverables", exact: true });
  await deliverables.getByRole("button", { name: `Rename Thermal report ${word}` }).click();
  const rename = adminPage.getByRole("dialog", { name: `Rename "Thermal report ${word}"` });
  await rename.getByLabel("Title").fill(`North roof thermal ${word}`);
  await rename.getByRole("button", { name: "Save" }).click();
  await expectToast(adminPage, "Renamed", `"North roof thermal ${word}" is saved`);
  await expect(deliverables.getByRole("button", { name: `Rename North roof thermal ${word}` })).toBeVisible();

  await deliverables.getByRole("button", { name: `Delete Wrong farm report ${word}` }).click();
  await adminPage
    .getByRole("dialog", { name: `Delete "Wrong farm report ${word}"?` })
    .getByRole("button", { name: "Delete", exact: true })
    .click();
  // The toast comes with the server's answer; until the dialog has closed the section is hidden from the accessibility tree, so its text is not yet a sign of anything.
  await expectToast(adminPage, "Report deleted", `"Wrong farm report ${word}" was deleted`);
  await expect(deliverables.getByRole("button", { name: `Rename North roof thermal ${word}` })).toBeVisible();
  // Neither in the list nor among the files to choose for a ZIP.
  await expect(deliverables.getByText(`Wrong farm report ${word}`)).toHaveCount(0);
  const reports = ((await (await admin.request.get(`/api/admin/reports?q=${word}`)).json()) as { data: { title: string }[] }).data.map(
    (report) => report.title,
  );
  expect(reports).toEqual([`North roof thermal ${word}`]);
});
