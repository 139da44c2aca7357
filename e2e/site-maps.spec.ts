// Site maps in a real browser, as a new customer and the business meet them
// (docs/decisions/0027-map-layers.md): the customer draws their site while requesting a quote (by
// keyboard: pan with the arrow keys, add the corner at the centre); the admin uploads three layers
// to the job (a thermal raster made here with known temperatures, and Debian's r-cran-stars Landsat
// scene and DEM) and a JPEG renamed .tif, which is refused; the queue processes them; once the job
// is delivered, the customer reads each layer on the map: the canvas is drawn, the legend is the
// layer's, and the probe reads the value GDAL reports at the same point (gdallocationinfo).
// Measuring, comparing, the PNG of the view, a phone's width, and nobody else's access to the files
// close it.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { Job } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";
import { formatSiteArea } from "@common/site-area";
import { starsRaster } from "../server/testing/rasters";
import { expectNoHorizontalOverflow, flyQuoteJobViaApi } from "./admin-jobs";
import { thermalRaster } from "./thermal-raster";
import { expect, json, registerCustomer, severeViolations, test, uniqueId } from "./fixtures";

// The layers take a few seconds each to process; three of them, beside the other workers.
test.setTimeout(180_000);

/** What gdallocationinfo reads at a WGS84 point, one value per band. */
function gdalValues(file: string, longitude: number, latitude: number): number[] {
  const out = execFileSync("gdallocationinfo", ["-valonly", "-wgs84", file, String(longitude), String(latitude)], { encoding: "utf8" });
  return out.trim().split(/\s+/).map(Number);
}

/** The probe's point, from its "Latitude …, longitude …" line. */
async function probedPoint(probe: Locator): Promise<{ latitude: number; longitude: number }> {
  const text = (await probe.textContent()) ?? "";
  const match = /Latitude (-?\d+\.\d{6}), longitude (-?\d+\.\d{6})/.exec(text);
  expect(match, `the probe names its point: ${text}`).not.toBeNull();
  return { latitude: Number(match![1]), longitude: Number(match![2]) };
}

/** True when the map's pixels are not all one colour: something was drawn. */
async function mapIsDrawn(map: Locator): Promise<boolean> {
  const { channels } = await sharp(await map.screenshot()).stats();
  return channels.some((channel) => channel.stdev > 4);
}

/** Shows this one layer alone: the viewer styles, probes and legends the topmost visible layer. */
async function showOnly(map: Locator, layers: MapLayer[], title: string): Promise<void> {
  const list = map.page().getByRole("group", { name: "Layers" });
  for (const layer of layers) {
    const box = list.getByRole("checkbox", { name: layer.title, exact: true });
    if (layer.title === title) await box.check();
    else await box.uncheck();
  }
}

async function uploadViaApi(admin: APIRequestContext, jobId: number, fields: Record<string, string>, file: string): Promise<MapLayer> {
  const answer = await json<{ data: MapLayer }>(
    await admin.post(`/api/admin/jobs/${jobId}/layers`, {
      multipart: { ...fields, file: { name: path.basename(file), mimeType: "image/tiff", buffer: readFileSync(file) } },
    }),
    201,
  );
  expect(answer.data.status).toBe("queued");
  return answer.data;
}

/** The job's layers once every one of `titles` (oldest first) is ready; a failure shows its reason. */
async function readyLayers(admin: APIRequestContext, jobId: number, titles: string[]): Promise<MapLayer[]> {
  let layers: MapLayer[] = [];
  await expect
    .poll(
      async () => {
        layers = (await json<{ data: MapLayer[] }>(await admin.get(`/api/jobs/${jobId}/layers`))).data;
        return layers.map((layer) => `${layer.title}: ${layer.status}${layer.error ? ` (${layer.error})` : ""}`);
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toEqual(titles.map((title) => `${title}: ready`));
  return layers;
}

/** The customer draws a square of the map's keyboard pan step by keyboard, well zoomed in. */
async function drawSiteByKeyboard(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Draw site on map" }).click();
  const editor = page.getByRole("region", { name: "Site boundary map" });
  await expect(editor).toBeVisible();
  for (let step = 0; step < 13; step++) await editor.getByRole("button", { name: "Zoom in" }).click();
  const addCorner = page.getByRole("button", { name: "Add corner at centre" });
  await addCorner.click();
  for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft"]) {
    await editor.focus();
    await page.keyboard.press(key);
    await page.waitForTimeout(400);
    await addCorner.click();
  }
  await page.getByRole("button", { name: "Finish boundary" }).click();
  const area = page.getByText(/^Area: [\d,.]+ acres \([\d,.]+ ha\)$/);
  await expect(area).toBeVisible();
  return ((await area.textContent()) ?? "").replace(/^Area: /, "");
}

test("a customer draws their site, the admin's GeoTIFFs become map layers, and the probe reads what GDAL reads", async ({
  page,
  playwright,
  baseURL,
  newCustomer,
  adminContext: adminBrowser,
  adminApi: admin,
  workDir: work,
}) => {
  await newCustomer({ firstName: "Pancho", lastName: "Barnes" });

  // 1. The quote request, with the site drawn on the map by keyboard.
  const description = `NDVI survey of the east field, ref ${uniqueId()}`;
  await page.goto("/request-quote");
  await page.getByLabel("Service type").selectOption("agriculture");
  await page.getByLabel("Project description").fill(description);
  const drawnArea = await drawSiteByKeyboard(page);
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Quote request submitted").first()).toBeVisible();

  const jobs = (await json<{ data: Job[] }>(await page.request.get("/api/jobs"))).data;
  expect(jobs, "the request opened the new customer's one job").toHaveLength(1);
  const job = jobs[0];
  expect(job!.siteArea, "the boundary was stored with the request").not.toBeNull();
  expect(formatSiteArea(job!.siteArea!)).toBe(drawnArea);

  await page.goto(`/dashboard/jobs/${job!.id}`);
  await expect(page.getByText(`Site boundary: ${drawnArea}`)).toBeVisible();

  // 2. The business accepts, schedules and flies the job.
  const move = await flyQuoteJobViaApi(admin, { quoteId: job!.quoteId!, jobId: job!.id, price: 90_000, aircraft: "M3M" });

  // 3. The admin adds the layers: a JPEG renamed .tif is refused in the dialog, which keeps its fields.
  const adminPage = await adminBrowser.newPage();
  await adminPage.goto(`/admin-dashboard/jobs/${job!.id}`);
  await adminPage.getByRole("button", { name: "Add map layer" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Add map layer" });
  await dialog.getByLabel("Kind").selectOption({ label: "Thermal" });
  await dialog.getByLabel("Title").fill("Thermal, east field");
  await dialog.getByLabel("Captured on").fill("2026-12-02");
  const jpeg = path.join(work, "photo.tif");
  await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3a6" } })
    .jpeg()
    .toFile(jpeg);
  await dialog.getByLabel("File").setInputFiles(jpeg);
  await dialog.getByRole("button", { name: "Upload layer" }).click();
  await expect(dialog.getByText(/not an accepted file type/)).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue("Thermal, east field");
  expect(await severeViolations(adminPage), "serious or critical axe violations in the layer dialog").toBe("");

  const thermalFile = thermalRaster(work);
  await dialog.getByLabel("File").setInputFiles(thermalFile);
  await dialog.getByRole("button", { name: "Upload layer" }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByRole("group", { name: "Layers" }).getByText("Thermal, east field")).toBeVisible();

  const demFile = await starsRaster("olinda_dem_utm25s.tif");
  const landsatFile = await starsRaster("L7_ETMs.tif");
  await uploadViaApi(admin, job!.id, { kind: "elevation", title: "Elevation, Olinda" }, demFile);
  await uploadViaApi(admin, job!.id, { kind: "multispectral", title: "Landsat scene", bands: "blue,green,red,nir,swir1,swir2" }, landsatFile);
  const layers = await readyLayers(admin, job!.id, ["Thermal, east field", "Elevation, Olinda", "Landsat scene"]);
  const byTitle = (title: string) => layers.find((layer) => layer.title === title)!;

  // Before delivery the customer's map holds nothing; the files are not theirs yet.
  expect((await json<{ data: MapLayer[] }>(await page.request.get(`/api/jobs/${job!.id}/layers`))).data).toEqual([]);
  expect((await page.request.get(byTitle("Thermal, east field").cogUrl!)).status()).toBe(404);
  await move({ status: "delivered" });

  // 4. The customer reads the thermal layer: drawn, its legend, and the probe at the centre.
  await page.goto(`/dashboard/jobs/${job!.id}`);
  const map = page.getByRole("region", { name: "Site map" });
  await expect(map).toBeVisible();
  const list = page.getByRole("group", { name: "Layers" });
  await expect(list.getByRole("checkbox")).toHaveCount(3);
  await showOnly(map, layers, "Thermal, east field");
  const thermal = byTitle("Thermal, east field");
  const legend = page.getByRole("figure", { name: "Legend" });
  await expect(legend.locator("figcaption")).toHaveText("Temperature (°C)");
  await expect(legend).toContainText(thermal.stats![0]!.min.toFixed(1));
  await expect(legend).toContainText(thermal.stats![0]!.max.toFixed(1));
  await expect.poll(() => mapIsDrawn(map), { timeout: 15_000 }).toBe(true);

  const probe = page.getByRole("status", { name: "Probe" });
  await page.getByRole("button", { name: "Probe centre" }).click();
  await expect(probe).toContainText("Temperature: 26.00 °C");
  const centre = await probedPoint(probe);
  expect(gdalValues(thermalFile, centre.longitude, centre.latitude)[0]!.toFixed(2)).toBe("26.00");

  // A tap elsewhere reads that point as GDAL reads the COG the map shows. (Against the original the
  // two may differ by a block near a block's edge: reprojection moves each pixel by up to half one.)
  const thermalCog = path.join(work, "thermal-cog.tif");
  writeFileSync(thermalCog, await (await page.request.get(`${thermal.cogUrl}?download=1`)).body());
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 - 40, y: box.height / 2 - 40 } });
  await expect.poll(async () => (await probedPoint(probe)).latitude).not.toBe(centre.latitude);
  const tapped = await probedPoint(probe);
  await expect(probe).toContainText(`Temperature: ${gdalValues(thermalCog, tapped.longitude, tapped.latitude)[0]!.toFixed(2)} °C`);

  // 5. The DEM: elevation legend, and the probe against GDAL on the COG the map reads.
  await showOnly(map, layers, "Elevation, Olinda");
  await expect(legend.locator("figcaption")).toHaveText("Elevation (m)");
  await page.getByRole("button", { name: "Probe centre" }).click();
  await expect(probe).toContainText(/Elevation: -?\d+\.\d{2} m/);
  const demPoint = await probedPoint(probe);
  const demCog = path.join(work, "dem-cog.tif");
  writeFileSync(demCog, await (await page.request.get(`${byTitle("Elevation, Olinda").cogUrl}?download=1`)).body());
  await expect(probe).toContainText(`Elevation: ${gdalValues(demCog, demPoint.longitude, demPoint.latitude)[0]!.toFixed(2)} m`);
  await expect.poll(() => mapIsDrawn(map), { timeout: 15_000 }).toBe(true);

  // 6. The Landsat scene as NDVI, computed in the browser from the named bands.
  await showOnly(map, layers, "Landsat scene");
  await page.getByLabel("Index").selectOption({ label: "NDVI" });
  await expect(legend.locator("figcaption")).toHaveText("NDVI");
  await page.getByRole("button", { name: "Probe centre" }).click();
  await expect(probe).toContainText(/NDVI: -?\d\.\d{3}/);
  const ndviPoint = await probedPoint(probe);
  const landsatCog = path.join(work, "landsat-cog.tif");
  writeFileSync(landsatCog, await (await page.request.get(byTitle("Landsat scene").cogUrl!)).body());
  const [, , red, nir] = gdalValues(landsatCog, ndviPoint.longitude, ndviPoint.latitude) as [number, number, number, number];
  await expect(probe).toContainText(`NDVI: ${((nir - red) / (nir + red)).toFixed(3)}`);
  await expect.poll(() => mapIsDrawn(map), { timeout: 15_000 }).toBe(true);

  // 7. Measuring a distance, comparing two layers, and the PNG of the view.
  const tools = page.getByRole("toolbar", { name: "Map tools" });
  await tools.getByRole("button", { name: "Measure distance" }).click();
  await map.click({ position: { x: box.width / 2 - 60, y: box.height / 2 } });
  await map.dblclick({ position: { x: box.width / 2 + 60, y: box.height / 2 } });
  await expect(page.getByRole("status", { name: "Measurement" })).toContainText(/Distance: [\d,.]+ (m|km)/);
  await tools.getByRole("button", { name: "Compare" }).click();
  await page.getByLabel("Left layer").selectOption({ label: "Thermal, east field" });
  await page.getByLabel("Right layer").selectOption({ label: "Elevation, Olinda" });
  await expect(page.getByLabel("Swipe position")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), tools.getByRole("button", { name: "Download PNG" }).click()]);
  const png = readFileSync((await download.path())!);
  const meta = await sharp(png).metadata();
  expect(meta.format).toBe("png");
  expect(meta.width).toBeGreaterThan(100);
  expect(await severeViolations(page), "serious or critical axe violations on the job's map").toBe("");

  // 8. Nobody else reads the layer's files: a visitor and another customer get 404.
  const visitor = await playwright.request.newContext({ baseURL });
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    await registerCustomer(stranger);
    for (const url of [thermal.cogUrl!, thermal.originalUrl]) {
      expect((await visitor.get(url)).status(), `a visitor asks for ${url}`).toBe(404);
      expect((await stranger.get(url)).status(), `another customer asks for ${url}`).toBe(404);
      expect((await page.request.get(url, { headers: { range: "bytes=0-15" } })).status(), `the customer reads a range of ${url}`).toBe(206);
    }
    expect((await stranger.get(`/api/jobs/${job!.id}/layers`)).status()).toBe(404);
  } finally {
    await visitor.dispose();
    await stranger.dispose();
  }

  // 9. On a phone the map and its panel fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(map).toBeVisible();
  await expect(list.getByRole("checkbox")).toHaveCount(3);
  await expectNoHorizontalOverflow(page, "the job's map");
});
