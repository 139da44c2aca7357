// A thermal layer and an NDVI one whose edges cross their COG's tiles, drawn in a real browser
// (docs/decisions/0079-tile-borders.md): at the opening view and zoomed out, where tile borders run
// across the layer, no line of the map is cut by a transparent or off-colour seam, and the layers'
// outlines have no notch (an edge that steps back in where a tile meets its neighbour).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { Job } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";
import { flyQuoteJobViaApi } from "./admin-jobs";
import { type Account, expect, json, requestQuoteViaApi, test, uniqueId } from "./fixtures";

// The layer is processed by the queue in a few seconds, beside the other workers.
test.setTimeout(120_000);

const WIDTH = 700;
const HEIGHT = 520;

/**
 * 700 × 520 pixels of 0.2 m in UTM zone 14N: once in Web Mercator they span three 256-pixel tiles
 * each way, their edges slightly turned (the grid's convergence), so tile borders cross both the
 * layer and its edges. "thermal": °C warming evenly to the south-east (20 plus 0.02 a row and 0.01
 * a column). "red-nir": two UInt16 bands, red rising to the east and near-infrared to the south,
 * so NDVI runs smoothly from about 0.28 to 0.6.
 */
function crossingRaster(dir: string, content: "thermal" | "red-nir"): string {
  const grid = (name: string, value: (row: number, column: number) => string) => {
    const rows = Array.from({ length: HEIGHT }, (_, row) => Array.from({ length: WIDTH }, (_, column) => value(row, column)).join(" "));
    const file = path.join(dir, `${name}.asc`);
    writeFileSync(file, [`ncols ${WIDTH}`, `nrows ${HEIGHT}`, "xllcorner 630000", "yllcorner 3540000", "cellsize 0.2", ...rows].join("\n"));
    return file;
  };
  const tif = path.join(dir, `${content}.tif`);
  if (content === "thermal") {
    const temperatures = grid("thermal", (row, column) => (20 + row * 0.02 + column * 0.01).toFixed(2));
    execFileSync("gdal_translate", ["-q", "-of", "GTiff", "-ot", "Float32", "-a_srs", "EPSG:32614", temperatures, tif]);
    return tif;
  }
  const bands = path.join(dir, "red-nir.vrt");
  execFileSync("gdalbuildvrt", ["-q", "-separate", bands, grid("red", (_, column) => String(1000 + column)), grid("nir", (row) => String(3000 + 2 * row))]);
  execFileSync("gdal_translate", ["-q", "-of", "GTiff", "-ot", "UInt16", "-a_srs", "EPSG:32614", bands, tif]);
  return tif;
}

interface Picture {
  width: number;
  height: number;
  /** Whether the layer is drawn at the pixel (it differs from the map's empty ground). */
  drawn: (x: number, y: number) => boolean;
  /** How far apart two pixels' colours are (sum over red, green and blue). */
  step: (x1: number, y1: number, x2: number, y2: number) => number;
}

/** The map's pixels; `ground` is the colour of the map where nothing is drawn (else read at the middle of its left side, outside the layer at the opening view). */
async function pictureOf(map: Locator, ground?: number[]): Promise<Picture & { ground: number[] }> {
  const { data, info } = await sharp(await map.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const at = (x: number, y: number) => (y * width + x) * channels;
  ground ??= [0, 1, 2].map((channel) => data[at(20, Math.round(height / 2)) + channel]!);
  const step = (x1: number, y1: number, x2: number, y2: number) =>
    [0, 1, 2].reduce((sum, channel) => sum + Math.abs(data[at(x1, y1) + channel]! - data[at(x2, y2) + channel]!), 0);
  const drawn = (x: number, y: number) => [0, 1, 2].some((channel) => Math.abs(data[at(x, y) + channel]! - ground[channel]!) > 6);
  return { width, height, drawn, step, ground };
}

/**
 * What is wrong in the picture: a pixel of empty ground between drawn ones (a transparent seam or
 * notch), a line across which the colour jumps far more than between its neighbours (an
 * off-colour seam), or an outline that turns back on itself (a notch).
 */
function defectsOf({ width, height, drawn, step }: Picture): string[] {
  const defects: string[] = [];
  // The map's own controls (zoom, scale line) sit in its corners: only the middle is read.
  const [left, right, top, bottom] = [40, width - 40, 40, height - 40];
  for (let y = top; y < bottom; y++) {
    const row = Array.from({ length: right - left }, (_, index) => drawn(left + index, y));
    const first = row.indexOf(true);
    const last = row.lastIndexOf(true);
    if (first < 0) continue;
    const gap = row.slice(first, last + 1).indexOf(false);
    if (gap >= 0) defects.push(`row ${y}: empty at x=${left + first + gap} inside the layer`);
  }
  for (let x = left; x < right; x++) {
    const column = Array.from({ length: bottom - top }, (_, index) => drawn(x, top + index));
    const first = column.indexOf(true);
    const last = column.lastIndexOf(true);
    if (first < 0) continue;
    const gap = column.slice(first, last + 1).indexOf(false);
    if (gap >= 0) defects.push(`column ${x}: empty at y=${top + first + gap} inside the layer`);
  }
  // A seam: between columns x - 1 and x (rows y - 1 and y) the colour jumps by more than 3 times
  // its steps on either side, along much of the line.
  const seams = (
    count: number,
    span: number,
    inside: (line: number, along: number) => boolean,
    jump: (line: number, along: number, offset: number) => number,
    name: string,
  ) => {
    for (let line = 2; line < count - 2; line++) {
      let read = 0;
      let jumps = 0;
      for (let along = 0; along < span; along++) {
        if (![-2, -1, 0, 1].every((offset) => inside(line + offset, along))) continue;
        read++;
        const across = jump(line, along, 0);
        if (across > 12 && across > 3 * Math.max(jump(line, along, -1), jump(line, along, 1), 2)) jumps++;
      }
      if (read > 20 && jumps > read / 10) defects.push(`${name} ${line}: a seam along ${jumps} of ${read} pixels`);
    }
  };
  seams(
    right,
    bottom - top,
    (x, y) => x >= left && drawn(x, top + y),
    (x, y, offset) => step(x + offset - 1, top + y, x + offset, top + y),
    "column",
  );
  seams(
    bottom,
    right - left,
    (y, x) => y >= top && drawn(left + x, y),
    (y, x, offset) => step(left + x, y + offset - 1, left + x, y + offset),
    "row",
  );
  // A notch: along the outline, its position steps out (or in) and straight back. A straight
  // edge, slightly turned, only ever steps one way; a corner turns it for good.
  const outline = (name: string, lines: number[], cells: number[], drawnAt: (line: number, cell: number) => boolean, last: boolean) => {
    const runs: { at: number; line: number }[] = [];
    for (const line of lines) {
      const hits = cells.filter((cell) => drawnAt(line, cell));
      const at = hits.length === 0 ? NaN : last ? hits.at(-1)! : hits[0]!;
      if (!Object.is(runs.at(-1)?.at, at)) runs.push({ at, line });
    }
    for (let index = 1; index < runs.length - 1; index++) {
      const [before, here, after] = [runs[index - 1]!.at, runs[index]!.at, runs[index + 1]!.at];
      // An outline on the picture's frame is cut by the view, not drawn.
      if ([before, here, after].some((at) => Number.isNaN(at) || at === cells[0] || at === cells.at(-1))) continue;
      if (Math.sign(here - before) === Math.sign(here - after) && Math.abs(before - after) <= 1)
        defects.push(`${name} edge notched at ${runs[index]!.line}: ${before}, ${here}, ${after}`);
    }
  };
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);
  const [rows, columns] = [range(top, bottom), range(left, right)];
  outline("left", rows, columns, (y, x) => drawn(x, y), false);
  outline("right", rows, columns, (y, x) => drawn(x, y), true);
  outline("top", columns, rows, (x, y) => drawn(x, y), false);
  outline("bottom", columns, rows, (x, y) => drawn(x, y), true);
  return defects;
}

/** The test's fixtures the helper below uses. */
interface Fixtures {
  page: Page;
  newCustomer: (overrides?: Partial<Account>) => Promise<Account>;
  adminContext: BrowserContext;
  adminApi: APIRequestContext;
  workDir: string;
}

interface Upload {
  kind: "thermal" | "multispectral";
  title: string;
  bands?: string;
  file: string;
}

/**
 * A flown job with the layer uploaded and processed; the admin's page of the job, its map drawn.
 * The COG the map reads is checked to be wider and taller than one 256-pixel tile, at full
 * resolution and in its first overview: tile borders cross the layer at both.
 */
async function layerOnMap({ page, newCustomer, adminContext, adminApi: admin, workDir }: Fixtures, upload: Upload): Promise<{ adminPage: Page; map: Locator }> {
  const customer = await newCustomer({ firstName: "Ada", lastName: "Kwan" });
  const quoteId = await requestQuoteViaApi(page.request, customer, { serviceType: "solar", description: `Survey of the west roof, ref ${uniqueId()}` });
  const job = (await json<{ data: Job[] }>(await page.request.get("/api/jobs"))).data.find((candidate) => candidate.quoteId === quoteId)!;
  await flyQuoteJobViaApi(admin, { quoteId, jobId: job.id, price: 80_000, aircraft: "M30T" });
  const fields = { kind: upload.kind, title: upload.title, ...(upload.bands ? { bands: upload.bands } : {}) };
  await json(
    await admin.post(`/api/admin/jobs/${job.id}/layers`, {
      multipart: { ...fields, file: { name: path.basename(upload.file), mimeType: "image/tiff", buffer: readFileSync(upload.file) } },
    }),
    201,
  );
  let layers: MapLayer[] = [];
  await expect
    .poll(async () => (layers = (await json<{ data: MapLayer[] }>(await admin.get(`/api/jobs/${job.id}/layers`))).data).map((layer) => layer.status), {
      timeout: 90_000,
      intervals: [1_000],
    })
    .toEqual(["ready"]);

  const cog = path.join(workDir, "layer-cog.tif");
  writeFileSync(cog, await (await admin.get(`${layers[0]!.cogUrl}?download=1`)).body());
  const info = JSON.parse(execFileSync("gdalinfo", ["-json", cog], { encoding: "utf8" })) as {
    size: [number, number];
    bands: { block: [number, number]; overviews?: { size: [number, number] }[] }[];
  };
  expect(info.bands[0]!.block).toEqual([256, 256]);
  expect(Math.min(...info.size)).toBeGreaterThan(2 * 256);
  expect(Math.min(...info.bands[0]!.overviews![0]!.size)).toBeGreaterThan(256);

  const adminPage = await adminContext.newPage();
  await adminPage.setViewportSize({ width: 1280, height: 1000 });
  await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
  const map = adminPage.getByRole("region", { name: "Site map" });
  await expect(map).toHaveAttribute("data-drawn", "true", { timeout: 30_000 });
  return { adminPage, map };
}

/**
 * The opening view (the whole layer at about its full resolution, three tiles each way), then
 * zoomed out a step (its first overview, two tiles each way): tile borders cross the layer and its
 * outline in both. Each is read once its tiles are drawn: the same picture twice running.
 */
async function expectNoSeams(map: Locator): Promise<void> {
  const settled = async () => {
    let previous = "";
    await expect
      .poll(async () => {
        const now = (await map.screenshot()).toString("base64");
        const same = now === previous;
        previous = now;
        return same;
      })
      .toBe(true);
  };
  let ground: number[] | undefined;
  for (const view of ["opening", "zoomed out"]) {
    if (view === "zoomed out") await map.locator(".ol-zoom-out").click();
    await settled();
    const picture = await pictureOf(map, ground);
    ground = picture.ground;
    expect(picture.drawn(Math.round(picture.width / 2), Math.round(picture.height / 2)), `the layer is drawn at the map's centre (${view})`).toBe(true);
    expect(defectsOf(picture), `seams or notches (${view})`).toEqual([]);
  }
}

test("a thermal layer whose edges cross tiles is drawn without seams or notches at its tile borders", async ({
  page,
  newCustomer,
  adminContext,
  adminApi,
  workDir,
}) => {
  const file = crossingRaster(workDir, "thermal");
  const { adminPage, map } = await layerOnMap({ page, newCustomer, adminContext, adminApi, workDir }, { kind: "thermal", title: "Thermal, west roof", file });
  // The ramp from 0 °C: the layer's 20–35 °C are reds and yellows, far from the map's dark ground.
  await adminPage.getByLabel("Temperature minimum").fill("0");
  await expectNoSeams(map);
});

test("an NDVI layer whose edges cross tiles is drawn without seams or notches at its tile borders", async ({
  page,
  newCustomer,
  adminContext,
  adminApi,
  workDir,
}) => {
  const file = crossingRaster(workDir, "red-nir");
  const { adminPage, map } = await layerOnMap(
    { page, newCustomer, adminContext, adminApi, workDir },
    { kind: "multispectral", title: "Red and NIR, west roof", bands: "red,nir", file },
  );
  await expect(adminPage.getByRole("figure", { name: "Legend" }).locator("figcaption")).toHaveText("NDVI");
  await expectNoSeams(map);
});
