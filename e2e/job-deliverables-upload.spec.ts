// Deliverables belong to the job (docs/product.md §10): the back office's job page uploads a report,
// a photo and a map layer to the job from its Deliverables section, asking for neither customer nor
// service; a TIFF placed nowhere and a raster past the survey bounds are refused naming the file, and
// leave no layer. The customer finds the report and the photo on their job page.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Job } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";
import sharp from "sharp";
import { writeSparseBigTiff } from "../server/testing/rasters";
import { expect, expectToast, requestQuoteViaApi, test, uniqueId } from "./fixtures";
import { thermalRaster } from "./thermal-raster";

// Five uploads through the dialog, two of them refused once complete, and the customer's page after.
test.setTimeout(120_000);

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("the admin job page's Deliverables section uploads a report, a photo and a map layer to the job, refusing bad rasters by their file, and the customer sees the report and photo on their job page", async ({
  page,
  newCustomer,
  adminContext,
}) => {
  const customer = await newCustomer({ firstName: "Harriet", lastName: "Quimby" });
  const ref = uniqueId();
  const quoteId = await requestQuoteViaApi(page.request, customer, {
    serviceType: "solar",
    description: `Thermal survey of the barn roof, ref ${ref}`,
    budget: "",
    timeline: "",
  });
  const job = ((await (await page.request.get("/api/jobs")).json()) as { data: Job[] }).data.find((candidate) => candidate.quoteId === quoteId)!;

  const admin = adminContext.request;
  const adminId = ((await (await admin.get("/api/user")).json()) as { id: number }).id;
  expect((await admin.patch(`/api/admin/quotes/${quoteId}`, { data: { status: "accepted", price: 80_000 } })).status()).toBe(200);
  const move = async (data: object) => expect((await admin.patch(`/api/admin/jobs/${job.id}`, { data })).status()).toBe(200);
  await move({ status: "scheduled", scheduledStart: "2026-12-04T08:00:00.000Z", scheduledEnd: "2026-12-04T09:00:00.000Z", timeZone: "UTC", pilotId: adminId });
  await move({ status: "flown", flight: { flownOn: "2026-11-04", durationMinutes: 25, aircraft: "M30T" } });
  await move({ status: "delivered" });

  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
  const deliverables = adminPage.getByRole("region", { name: "Deliverables" });
  const reportTitle = `Barn roof thermography ${ref}`;
  const photoTitle = `Barn roof from the south ${ref}`;

  // A report: no customer, no service and no description asked for.
  await deliverables.getByRole("button", { name: "Upload deliverables" }).click();
  let dialog = adminPage.getByRole("dialog", { name: "Upload deliverables" });
  await expect(dialog.getByLabel("What")).toHaveValue("job-report");
  await expect(dialog.getByLabel(/customer/i)).toHaveCount(0);
  await expect(dialog.getByLabel(/service/i)).toHaveCount(0);
  await dialog.getByLabel("Title").fill(reportTitle);
  await dialog.locator("input[type=file]").setInputFiles({ name: "barn-roof.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expectToast(adminPage, "Upload Complete", `"${reportTitle}" added to ${job.title}`);
  await expect(dialog).toBeHidden();
  await expect(deliverables.getByRole("listitem").filter({ hasText: reportTitle })).toHaveCount(1);

  // A photo.
  await deliverables.getByRole("button", { name: "Upload deliverables" }).click();
  dialog = adminPage.getByRole("dialog", { name: "Upload deliverables" });
  await dialog.getByLabel("What").selectOption({ label: "Photos and videos" });
  await dialog.getByLabel("Title").fill(photoTitle);
  await dialog.getByLabel("Description (optional)").fill("South elevation");
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#f59e0b" } })
    .png()
    .toBuffer();
  await dialog.locator("input[type=file]").setInputFiles({ name: "barn-south.png", mimeType: "image/png", buffer: image });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(deliverables.getByRole("listitem").filter({ hasText: photoTitle })).toHaveCount(1);

  // A map layer, through the same upload and the same checks as the map's Add map layer.
  const layerTitle = `Barn roof thermal ${ref}`;
  const layersOfJob = async () => ((await (await admin.get(`/api/jobs/${job.id}/layers`)).json()) as { data: MapLayer[] }).data;
  const work = mkdtempSync(path.join(os.tmpdir(), "skyvantage-e2e-deliverables-"));
  try {
    await deliverables.getByRole("button", { name: "Upload deliverables" }).click();
    dialog = adminPage.getByRole("dialog", { name: "Upload deliverables" });
    await dialog.getByLabel("What").selectOption({ label: "Map layer (GeoTIFF)" });
    await dialog.getByLabel("Kind").selectOption({ label: "Thermal" });
    await dialog.getByLabel("Title").fill(layerTitle);
    await dialog.getByLabel("Captured on").fill("2026-11-04");
    const file = dialog.locator("input[type=file]");
    // A TIFF with no place on the map, as a photo editor writes one.
    const placedNowhere = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#345" } })
      .tiff()
      .toBuffer();
    await file.setInputFiles({ name: "barn-roof.tif", mimeType: "image/tiff", buffer: placedNowhere });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(file).toHaveAccessibleDescription(/has no georeference/);
    // 200,000 pixels a side in a few kilobytes (every tile left out): past what a drone survey holds.
    const giant = path.join(work, "giant.tif");
    await writeSparseBigTiff(giant, 200_000);
    await file.setInputFiles(giant);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(file).toHaveAccessibleDescription(/^The raster is 200,000 × 200,000 pixels/);
    await expect(dialog.getByLabel("Title")).toHaveValue(layerTitle);
    expect(await layersOfJob(), "a refused raster leaves no layer").toEqual([]);

    await file.setInputFiles(thermalRaster(work));
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(adminPage, "Layer uploaded", `${layerTitle} is queued for processing`);
    await expect(dialog).toBeHidden();
    await expect(adminPage.getByRole("group", { name: "Layers" }).getByText(layerTitle)).toBeVisible();
    expect((await layersOfJob()).map(({ title, kind }) => ({ title, kind }))).toEqual([{ title: layerTitle, kind: "thermal" }]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  // The customer's job page shows the report and the photo.
  await page.goto(`/dashboard/jobs/${job.id}`);
  const theirs = page.getByRole("region", { name: "Deliverables" });
  await expect(theirs.getByRole("heading", { name: reportTitle })).toBeVisible();
  await expect(theirs.getByRole("heading", { name: photoTitle })).toBeVisible();
});
