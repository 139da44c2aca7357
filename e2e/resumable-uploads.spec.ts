// The back office's resumable uploads (docs/decisions/0037-resumable-uploads-in-the-browser.md):
// tus through Uppy against the real server, in Chromium. Large files go through a throttled
// connection (Chrome's network emulation) so that a test can act while one is under way; every wait
// is for something the page or the server shows.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import sharp from "sharp";
import type { AdminMediaItem } from "@common/contract/media";
import { openBackOffice } from "./admin-jobs";
import { type Account, expect, expectToast, severeViolations, test, uniqueId } from "./fixtures";

/** A small but real PDF: the server decides a report's type from its bytes. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let work: string;
/** A real PNG of about 40 MB (noise does not compress), written once: a file on disk keeps its date, so choosing it again is choosing the same file. */
let bigPhoto: string;

test.beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "resumable-uploads-"));
  bigPhoto = path.join(work, "survey-40mb.png");
  await sharp({ create: { width: 3_700, height: 3_700, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toFile(bigPhoto);
});

test.afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Sends at most `bytesPerSecond` upstream, as a slow connection would. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** The Upload-Offset of every PATCH the page sends: where each request began in the file. */
function recordPatchOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "PATCH" && new URL(request.url()).pathname.startsWith("/api/uploads/")) offsets.push(Number(request.headers()["upload-offset"]));
  });
  return offsets;
}

/**
 * Each test's people: a new customer (Amelia Earhart) signed in on the test's page, and the back
 * office's Upload tab open in the administrator's context (adminContext, closed after the test).
 */
const uploadTest = test.extend<{ account: Account; uploads: Page }>({
  account: async ({ newCustomer }, use) => {
    await use(await newCustomer({ firstName: "Amelia", lastName: "Earhart" }));
  },
  uploads: async ({ adminPage }, use) => {
    await openBackOffice(adminPage, "Upload");
    await use(adminPage);
  },
});

/** Fills the report or user media form's customer, first service, title and description. */
async function fillOwner(form: Locator, account: Account, title: string): Promise<void> {
  await form.getByLabel("Customer").selectOption({ label: `${account.firstName} ${account.lastName} (${account.username})` });
  const service = form.getByLabel("Service", { exact: true });
  await expect(service.locator("option:not([value=''])").first()).toBeAttached();
  await service.selectOption({ index: 1 });
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Description", { exact: true }).fill(`Uploaded by the resumable uploads test, ${title}`);
}

const mediaForm = (page: Page) => page.getByRole("form", { name: "Upload user media" });
const reportForm = (page: Page) => page.getByRole("form", { name: "Upload report" });
const progressOf = (form: Locator, name: string) => form.getByRole("progressbar", { name: `Upload of ${name}` });
const percentOf = async (bar: Locator) => Number(await bar.getAttribute("aria-valuenow"));

/** The admin's media items titled so (the media form titles each file "{title} - File {n}"). */
async function mediaTitled(request: APIRequestContext, title: string): Promise<AdminMediaItem[]> {
  const answer = await request.get(`/api/admin/media?q=${encodeURIComponent(title)}`);
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: AdminMediaItem[] };
  return data.filter((item) => item.title === title);
}

/** The stored file of the one media item titled so, whole, as the server gives it back. */
async function storedFile(request: APIRequestContext, title: string): Promise<Buffer> {
  const [item] = await mediaTitled(request, title);
  expect(item, `a media item titled ${title}`).toBeDefined();
  const answer = await request.get(item!.fileUrl);
  expect(answer.status()).toBe(200);
  return answer.body();
}

test.describe("resumable uploads in the back office", () => {
  uploadTest(
    "a report and a photo uploaded at once are under way together and both reach the customer's dashboard",
    async ({ page, account, adminContext: admin, uploads: adminPage }) => {
      test.setTimeout(90_000);
      // Slow enough that both are seen under way at the same moment.
      await throttleUploads(adminPage, 1024 * 1024);
      const id = uniqueId();
      const report = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, "% padding\n")]);
      const photo = await sharp({
        create: { width: 1_000, height: 1_000, channels: 3, background: "#0ea5e9", noise: { type: "gaussian", mean: 128, sigma: 60 } },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      await fillOwner(reportForm(adminPage), account, `Thermal report ${id}`);
      await reportForm(adminPage)
        .locator("input[type=file]")
        .first()
        .setInputFiles({ name: `report-${id}.pdf`, mimeType: "application/pdf", buffer: report });
      await fillOwner(mediaForm(adminPage), account, `Roof ${id}`);
      await mediaForm(adminPage)
        .locator("input[type=file]")
        .first()
        .setInputFiles({ name: `roof-${id}.png`, mimeType: "image/png", buffer: photo });

      await reportForm(adminPage).getByRole("button", { name: "Upload report" }).click();
      await mediaForm(adminPage).getByRole("button", { name: "Upload media" }).click();
      const reportBar = progressOf(reportForm(adminPage), `report-${id}.pdf`);
      const photoBar = progressOf(mediaForm(adminPage), `roof-${id}.png`);
      await expect
        .poll(async () =>
          [await reportBar.getAttribute("aria-valuetext"), await photoBar.getAttribute("aria-valuetext")].every((text) =>
            /^[1-9]\d?%, uploading$/.test(text ?? ""),
          ),
        )
        .toBe(true);
      // Toasts replace one another: the forms show each outcome.
      await expect(reportBar).toHaveAttribute("aria-valuetext", "100%, uploaded", { timeout: 60_000 });
      await expect(photoBar).toHaveAttribute("aria-valuetext", "100%, uploaded", { timeout: 60_000 });
      await expect(reportForm(adminPage).getByLabel("Title", { exact: true })).toHaveValue("");
      await expect(mediaForm(adminPage).getByLabel("Title", { exact: true })).toHaveValue("");

      await page.goto("/dashboard");
      await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Reports", exact: true }).click();
      await expect(page.getByRole("tabpanel", { name: "Reports", exact: true }).getByRole("heading", { name: `Thermal report ${id}` })).toBeVisible();
      await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Media", exact: true }).click();
      await expect(page.getByRole("tabpanel", { name: "Media", exact: true }).getByRole("heading", { name: `Roof ${id} - File 1` })).toBeVisible();
      expect(sha256(await storedFile(admin.request, `Roof ${id} - File 1`))).toBe(sha256(photo));
    },
  );

  uploadTest("a large photo paused mid-way goes on from where it stopped and arrives whole", async ({ account, adminContext: admin, uploads: adminPage }) => {
    test.setTimeout(180_000);
    await throttleUploads(adminPage, 4 * 1024 * 1024);
    const offsets = recordPatchOffsets(adminPage);
    const form = mediaForm(adminPage);
    const title = `Survey ${uniqueId()}`;
    await fillOwner(form, account, title);
    await form.locator("input[type=file]").first().setInputFiles(bigPhoto);
    await form.getByRole("button", { name: "Upload media" }).click();

    const bar = progressOf(form, "survey-40mb.png");
    await expect.poll(() => percentOf(bar)).toBeGreaterThanOrEqual(10);
    await expect(form.getByText(/MB\/s · .* left$/)).toBeVisible();
    await form.getByRole("button", { name: "Pause upload of survey-40mb.png" }).click();
    await expect(bar).toHaveAttribute("aria-valuetext", /, paused$/);
    await expect(form.getByText(/^[\d.]+ MB of 39\.2 MB on the server$/)).toBeVisible();
    const pausedAt = await percentOf(bar);
    expect(pausedAt).toBeLessThan(100);
    expect(await severeViolations(adminPage), "serious or critical axe violations with an upload paused").toBe("");

    await form.getByRole("button", { name: "Resume upload of survey-40mb.png" }).click();
    await expectToast(adminPage, "Upload Complete", "1 file uploaded successfully");
    // The PATCH after the pause began where the server had stopped, not at the start.
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThanOrEqual(2);
    expect(offsets.at(-1)).toBeGreaterThan(0);
    expect(sha256(await storedFile(admin.request, `${title} - File 1`))).toBe(sha256(readFileSync(bigPhoto)));
  });

  uploadTest(
    "an upload interrupted by a reload is listed, and choosing the same file again sends only the rest",
    async ({ account, adminContext: admin, uploads: adminPage }) => {
      test.setTimeout(180_000);
      await throttleUploads(adminPage, 4 * 1024 * 1024);
      const offsets = recordPatchOffsets(adminPage);
      const title = `Orchard ${uniqueId()}`;
      await fillOwner(mediaForm(adminPage), account, title);
      await mediaForm(adminPage).locator("input[type=file]").first().setInputFiles(bigPhoto);
      await mediaForm(adminPage).getByRole("button", { name: "Upload media" }).click();
      await expect.poll(() => percentOf(progressOf(mediaForm(adminPage), "survey-40mb.png"))).toBeGreaterThanOrEqual(20);

      await adminPage.reload();
      await expect(adminPage.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
      await openBackOffice(adminPage, "Upload");
      const unfinished = mediaForm(adminPage).getByRole("region", { name: "Unfinished uploads" });
      await expect(unfinished).toContainText("Choose the same file again to resume");
      await expect(unfinished.getByText(`${title} - File 1`)).toBeVisible();
      await expect(unfinished.getByText(/^[\d.]+ MB of 39\.2 MB on the server$/)).toBeVisible();
      expect(await severeViolations(adminPage), "serious or critical axe violations with an unfinished upload listed").toBe("");

      const patchesBefore = offsets.length;
      await unfinished.getByLabel("Choose survey-40mb.png again to resume its upload").setInputFiles(bigPhoto);
      await expectToast(adminPage, "Upload Complete", "1 file uploaded successfully");
      await expect(unfinished).toBeHidden();
      // The second time, the browser sent the file from the server's offset on: fewer bytes than the whole.
      const resumedFrom = offsets.slice(patchesBefore);
      expect(resumedFrom.length).toBeGreaterThanOrEqual(1);
      expect(resumedFrom[0]).toBeGreaterThan(0);
      const stored = await storedFile(admin.request, `${title} - File 1`);
      expect(stored.length).toBe(readFileSync(bigPhoto).length);
      expect(sha256(stored)).toBe(sha256(readFileSync(bigPhoto)));
      expect(await mediaTitled(admin.request, `${title} - File 1`)).toHaveLength(1);
    },
  );

  uploadTest("a cancelled upload leaves no row and nothing on the server", async ({ account, adminContext: admin, uploads: adminPage }) => {
    test.setTimeout(120_000);
    await throttleUploads(adminPage, 2 * 1024 * 1024);
    const form = mediaForm(adminPage);
    const title = `Cancelled ${uniqueId()}`;
    await fillOwner(form, account, title);
    await form.locator("input[type=file]").first().setInputFiles(bigPhoto);
    const created = adminPage.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/uploads");
    await form.getByRole("button", { name: "Upload media" }).click();
    const location = (await created).headers().location;
    expect(location).toBeTruthy();
    await expect.poll(() => percentOf(progressOf(form, "survey-40mb.png"))).toBeGreaterThanOrEqual(5);

    await form.getByRole("button", { name: "Cancel upload of survey-40mb.png" }).click();
    await expect(progressOf(form, "survey-40mb.png")).toBeHidden();
    await expect(form.getByRole("button", { name: "Upload media" })).toBeEnabled();
    // Terminated: the server no longer has the upload, and no row was made.
    await expect
      .poll(async () => (await admin.request.head(new URL(location!, adminPage.url()).href, { headers: { "Tus-Resumable": "1.0.0" } })).status())
      .toBe(404);
    expect(await mediaTitled(admin.request, `${title} - File 1`)).toEqual([]);
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
  });

  uploadTest(
    "a file whose content is not what its name says is refused once complete, with the server's message under the file",
    async ({ account, adminContext: admin, uploads: adminPage }) => {
      const form = reportForm(adminPage);
      const title = `Not a report ${uniqueId()}`;
      await fillOwner(form, account, title);
      await form
        .locator("input[type=file]")
        .first()
        .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("plain text, not a PDF\n".repeat(200)) });
      await form.getByRole("button", { name: "Upload report" }).click();

      const fileError = form.locator("#report-upload-files-error");
      await expect(fileError).toHaveText(/notes\.pdf/);
      await expectToast(adminPage, "Error", await fileError.innerText());
      await expect(progressOf(form, "notes.pdf")).toHaveAttribute("aria-valuetext", /, failed$/);
      await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
      const reports = await admin.request.get(`/api/admin/reports?q=${encodeURIComponent(title)}`);
      expect(((await reports.json()) as { data: { title: string }[] }).data.filter((report) => report.title === title)).toEqual([]);
    },
  );
});
