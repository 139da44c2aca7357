// Whole-job downloads (docs/decisions/0031-job-zip-downloads.md): "Download all" on the customer's
// job page and on the back office's job page saves one ZIP named after the job, holding what each
// of them may open.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, severeViolations, test, uniqueId } from "./fixtures";
import { thermalRaster } from "./thermal-raster";

const PDF = Buffer.from(`%PDF-1.4\n% ${uniqueId()}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const exec = promisify(execFile);

/** Clicks the link in the page's Deliverables and answers the saved file's name and the entries `unzip` lists, once it tested them. */
async function downloadZip(page: Page, link = "Download all files of this job"): Promise<{ name: string; entries: string[] }> {
  const deliverables = page.getByRole("region", { name: "Deliverables", exact: true });
  const [download] = await Promise.all([page.waitForEvent("download"), deliverables.getByRole("link", { name: link }).click()]);
  const file = await download.path();
  await exec("unzip", ["-t", file]);
  const { stdout } = await exec("unzip", ["-Z1", file]);
  return { name: download.suggestedFilename(), entries: stdout.split("\n").filter(Boolean) };
}

test("Download all saves the job's files as one ZIP (the customer's documents before delivery, everything for the back office), and Download selected the files ticked", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  test.setTimeout(120_000);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "skyvantage-zip-e2e-"));
  try {
    const word = uniqueId();
    await newCustomer();
    const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
    const [service] = ((await (await admin.request.get("/api/services")).json()) as { data: { id: number }[] }).data;
    const created = await admin.request.post("/api/admin/jobs", {
      data: { userId, serviceId: service!.id, title: `Solar farm ${word}`, site: { name: "Farm", address: "", latitude: null, longitude: null } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { data: job } = (await created.json()) as { data: { id: number } };
    for (const title of ["Thermal report", "Summary report"]) {
      const report = await admin.request.post("/api/admin/reports", {
        multipart: {
          userId: String(userId),
          serviceId: String(service!.id),
          jobId: String(job.id),
          title,
          description: "Held until delivery",
          file: { name: "report.pdf", mimeType: "application/pdf", buffer: PDF },
        },
      });
      expect(report.status(), await report.text()).toBe(201);
    }
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#22d3ee" } })
      .png()
      .toBuffer();
    const media = await admin.request.post("/api/admin/media", {
      multipart: {
        userId: String(userId),
        serviceId: String(service!.id),
        jobId: String(job.id),
        title: "Roof east",
        description: "Held until delivery",
        isGalleryItem: "false",
        file: { name: "roof.png", mimeType: "image/png", buffer: photo },
      },
    });
    expect(media.status(), await media.text()).toBe(201);
    const layer = await admin.request.post(`/api/admin/jobs/${job.id}/layers`, {
      multipart: { kind: "thermal", title: "Thermal map", file: { name: "thermal.tif", mimeType: "image/tiff", buffer: readFileSync(thermalRaster(scratch)) } },
    });
    expect(layer.status(), await layer.text()).toBe(201);
    const finding = await admin.request.post(`/api/admin/jobs/${job.id}/findings`, {
      data: { class: "other", severity: "minor", lat: 31.98, lon: -97.6, locator: "Row 4", note: "Soiling" },
    });
    expect(finding.status(), await finding.text()).toBe(201);
    await expect
      .poll(
        async () => ((await (await admin.request.get(`/api/jobs/${job.id}/layers`)).json()) as { data: { status: string }[] }).data.map((row) => row.status),
        { timeout: 90_000, intervals: [1_000] },
      )
      .toEqual(["ready"]);
    const sent = await page.request.post(`/api/jobs/${job.id}/documents`, {
      multipart: { title: "Site plan", file: { name: "site-plan.pdf", mimeType: "application/pdf", buffer: PDF } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const zipName = `job-${job.id}-solar-farm-${word.toLowerCase()}.zip`;

    await page.goto(`/dashboard/jobs/${job.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Solar farm ${word}` })).toBeVisible();
    expect(await severeViolations(page), "serious or critical axe violations on the job's page").toBe("");
    // The report is held from the customer until the job is delivered; their own document is theirs.
    expect(await downloadZip(page)).toEqual({ name: zipName, entries: ["documents/site-plan.pdf"] });

    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
    await expect(adminPage.getByRole("heading", { level: 1, name: `Solar farm ${word}` })).toBeVisible();
    expect(await severeViolations(adminPage), "serious or critical axe violations on the back office's job page").toBe("");
    expect(await downloadZip(adminPage)).toEqual({
      name: zipName,
      entries: [
        "reports/Thermal report.pdf",
        "reports/Summary report.pdf",
        "media/Roof east.png",
        "layers/thermal.tif",
        "documents/site-plan.pdf",
        "findings.csv",
      ],
    });

    // Download selected: the files ticked, of every kind, and only them.
    const deliverables = adminPage.getByRole("region", { name: "Deliverables", exact: true });
    await deliverables.getByText("Choose files to download").click();
    await deliverables.getByRole("checkbox", { name: "Select report Summary report" }).check();
    await deliverables.getByRole("checkbox", { name: "Select media Roof east" }).check();
    await deliverables.getByRole("checkbox", { name: "Select map layer Thermal map" }).check();
    await deliverables.getByRole("checkbox", { name: "Select document Site plan" }).check();
    await deliverables.getByRole("checkbox", { name: "Select the Findings (CSV)" }).check();
    expect(await severeViolations(adminPage), "serious or critical axe violations with the files to choose open").toBe("");
    expect(await downloadZip(adminPage, "Download selected (5)")).toEqual({
      name: zipName,
      entries: ["reports/Summary report.pdf", "media/Roof east.png", "layers/thermal.tif", "documents/site-plan.pdf", "findings.csv"],
    });
    // Select all, less one.
    await deliverables.getByRole("checkbox", { name: "Select all" }).check();
    await deliverables.getByRole("checkbox", { name: "Select report Thermal report" }).uncheck();
    await expect(deliverables.getByRole("checkbox", { name: "Select all" })).not.toBeChecked();
    expect(await downloadZip(adminPage, "Download selected (5)")).toEqual({
      name: zipName,
      entries: ["reports/Summary report.pdf", "media/Roof east.png", "layers/thermal.tif", "documents/site-plan.pdf", "findings.csv"],
    });
    await deliverables.getByRole("checkbox", { name: "Select report Summary report" }).uncheck();
    expect(await downloadZip(adminPage, "Download selected (4)")).toEqual({
      name: zipName,
      entries: ["media/Roof east.png", "layers/thermal.tif", "documents/site-plan.pdf", "findings.csv"],
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
