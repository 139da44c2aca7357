// The maps a person can find their site on (docs/decisions/0070-base-map-and-geocoder.md), in a real
// browser. A new install of the spec's own, whose owner sets a tile server and a Nominatim-compatible
// geocoder of the spec's own on 127.0.0.1 in Settings, Maps: a new customer opening "Draw site on map" sees the tiles and their credit,
// finds the address, draws the site and reads its area in acres; a boundary past 1,000 km² is refused
// before it is closed; with the tile server down the map says so and a boundary still draws. On the run's
// server, the customer's delivered job opens on its site, and "Zoom to" shows the multispectral layer whole.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { MapLayer } from "@common/contract/map-layers";
import type { Job } from "@common/contract/jobs";
import { starsRaster } from "../server/testing/rasters";
import { type GeocoderPeer, RECORDED_PLACE, startGeocoderPeer } from "../server/testing/geocoder-peer";
import { startTilePeer, type TilePeer } from "../server/testing/tile-peer";
import { flyQuoteJobViaApi } from "./admin-jobs";
import { expect, json, logInWithForm, registerCustomer, requestQuoteViaApi, test, uniqueId } from "./fixtures";
import { type OwnServer, startNewInstall } from "./own-server";

/** The tiles' colour: a map drawn over them shows it wherever nothing else is drawn. */
const TILE_RGB = [70, 150, 90] as const;
const ATTRIBUTION = "© Test Tiles of e2e";
const OWNER = { username: "maps-owner", password: "maps-owner-password", email: "owner@maps.example" };
/** The variables that would set the maps' providers, unset so that the owner's settings choose them. */
const MAP_VARIABLES = ["MAP_TILES_URL", "MAP_TILE_URL", "MAP_TILES_ATTRIBUTION", "MAP_TILE_ATTRIBUTION", "MAP_TILES_SATELLITE_URL", "GEOCODER_URL", "MAP_HOME"];

/** The slippy-map tile (x, y) holding a WGS84 point at zoom z (wiki.openstreetmap.org/wiki/Slippy_map_tilenames). */
function tileAt(longitude: number, latitude: number, z: number): [number, number] {
  const n = 2 ** z;
  const radians = (latitude * Math.PI) / 180;
  return [Math.floor(((longitude + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * n)];
}

/** How much of the element's screenshot is the tiles' colour (0 to 1). */
async function tileShare(element: Locator): Promise<number> {
  const { data, info } = await sharp(await element.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let same = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - TILE_RGB[0]) < 6 && Math.abs(data[i + 1]! - TILE_RGB[1]) < 6 && Math.abs(data[i + 2]! - TILE_RGB[2]) < 6) same++;
  }
  return same / (info.width * info.height);
}

/** Clicks the map at offsets (CSS pixels) from its centre. */
async function clickCorners(editor: Locator, offsets: [number, number][]): Promise<void> {
  const box = (await editor.boundingBox())!;
  for (const [dx, dy] of offsets) {
    await editor.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
    await editor.page().waitForTimeout(250);
  }
}

async function openEditor(page: Page): Promise<Locator> {
  await page.goto("/request-quote");
  await page.getByLabel("Service type").selectOption("agriculture");
  await page.getByRole("button", { name: "Draw site on map" }).click();
  const editor = page.getByRole("region", { name: "Site boundary map" });
  await expect(editor).toBeVisible();
  return editor;
}

test.describe("the base map and the address search, from the spec's own tile server and geocoder", () => {
  // A new install migrates its own database before the test can start: minutes on a busy machine.
  test.describe.configure({ mode: "serial", timeout: 420_000 });
  let tiles: TilePeer;
  let geocoder: GeocoderPeer;
  let server: OwnServer;

  test.beforeAll(async () => {
    // A hook has its own time, the config's unless set here.
    test.setTimeout(360_000);
    tiles = await startTilePeer(TILE_RGB);
    geocoder = await startGeocoderPeer();
    // A new install on PGlite of its own, none of the maps' providers set by the environment: the owner sets them.
    server = await startNewInstall(OWNER, MAP_VARIABLES);
  });
  test.afterAll(async () => {
    await server?.stop();
    await tiles?.close();
    await geocoder?.close();
  });

  test("the owner sets the base map and the address search in Settings, a bad tile address refused under its field; every page then lets in the tiles' host", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await logInWithForm(page, OWNER);
    await expect(page.getByRole("heading", { level: 1, name: "Set up your business" })).toBeVisible();
    // The first-run setup is another spec's (settings.spec.ts): skipped here.
    expect((await page.request.patch("/api/admin/settings", { data: { setupDone: true } })).status()).toBe(200);
    await page.goto("/admin-dashboard?tab=settings");
    const maps = page.getByRole("form", { name: "Maps" });
    const tileField = maps.getByLabel("Base map tiles (street)");
    await tileField.fill("http://127.0.0.1/tiles/tile.png");
    await maps.getByLabel("Base map credit").fill(ATTRIBUTION);
    await maps.getByRole("button", { name: "Save map settings" }).click();
    await expect(maps.getByText("The base map's tile address must be an http(s) address holding {z}, {x} and {y}")).toBeVisible();
    await expect(maps.getByLabel("Base map credit")).toHaveValue(ATTRIBUTION);

    await tileField.fill(tiles.template);
    await maps.getByLabel("Address search").fill(geocoder.url);
    await maps.getByRole("button", { name: "Save map settings" }).click();
    await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("form", { name: "Maps" }).getByLabel("Base map tiles (street)")).toHaveValue(tiles.template);

    // The pages are rendered again through the queue; then each carries the tiles and lets their host in.
    const origin = new URL(tiles.template.replace("{z}/{x}/{y}.png", "")).origin;
    await expect
      .poll(async () => (await context.request.get("/request-quote")).headers()["content-security-policy"] ?? "", { timeout: 60_000 })
      .toContain(`img-src 'self' data: blob: ${origin};`);
    await context.close();
  });

  test("a new customer finds the address, draws the site over the tiles and reads its area in acres; too large is refused at once; tiles down, the map says so and still draws", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    await registerCustomer(context.request);
    const page = await context.newPage();

    // The page's CSP lets images come from the tile server, and from no other host.
    const csp = (await context.request.get("/request-quote")).headers()["content-security-policy"] ?? "";
    expect(csp).toContain(`img-src 'self' data: blob: ${new URL(tiles.template.replace("{z}/{x}/{y}.png", "")).origin};`);

    const editor = await openEditor(page);
    // 1. The tiles are asked for, drawn under the map, and credited.
    await expect.poll(() => tiles.requests.length).toBeGreaterThan(0);
    await expect.poll(() => tileShare(editor), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await expect(editor.getByText(ATTRIBUTION)).toBeVisible();
    await expect(page.getByText("Base map unavailable")).toHaveCount(0);

    // 2. The address: the geocoder is asked through the server, and the map moves there, tiles of the place asked for.
    const search = page.getByRole("search", { name: "Find a place" });
    await search.getByLabel("Find an address or place").fill(RECORDED_PLACE.query);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText(`Showing ${RECORDED_PLACE.answer[0].display_name}`)).toBeVisible();
    expect(geocoder.searches.at(-1)).toMatchObject({ path: "/search", q: RECORDED_PLACE.query });
    const [x, y] = tileAt(-97.34815, 31.045702, 16);
    await expect.poll(() => tiles.requests.filter((tile) => tile.startsWith("16/") || tile.startsWith("17/")).length).toBeGreaterThan(0);
    await expect
      .poll(
        () => tiles.requests.includes(`16/${x}/${y}`) || tiles.requests.some((tile) => tile.startsWith(`17/${2 * x}/`) || tile.startsWith(`17/${2 * x + 1}/`)),
      )
      .toBe(true);

    // 3. A boundary past 1,000 km² is refused as its corner is placed, before it can be closed, its area in acres.
    for (let step = 0; step < 9; step++) await editor.getByRole("button", { name: "Zoom out" }).click();
    await clickCorners(editor, [
      [-200, -120],
      [200, -120],
      [200, 120],
    ]);
    await expect(page.getByRole("alert")).toContainText(
      /^The boundary would be [\d,]+(\.\d+)? acres \([\d,.]+ ha\), larger than 1,000 km² \(247,105 acres\): draw the site itself$/,
    );
    const status = page.getByRole("status", { name: "Site boundary" });
    await expect(status).toContainText("Corners: 2");
    await expect(page.getByRole("button", { name: "Finish boundary" })).toBeDisabled();
    await page.getByRole("button", { name: "Clear boundary" }).click();

    // 4. Back at the place, the site drawn with four clicks: its area in acres (and hectares). The corners
    // wait for this search's own answer: the map is still zoomed out until it comes.
    const searchesBefore = geocoder.searches.length;
    await search.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => geocoder.searches.length).toBeGreaterThan(searchesBefore);
    await expect(search.getByRole("button", { name: "Search", exact: true })).toBeEnabled();
    await expect(page.getByText(`Showing ${RECORDED_PLACE.answer[0].display_name}`)).toBeVisible();
    await clickCorners(editor, [
      [-80, -60],
      [80, -60],
      [80, 60],
      [-80, 60],
    ]);
    await page.getByRole("button", { name: "Finish boundary" }).click();
    const area = page.getByText(/^Area: [\d,.]+ acres \([\d,.]+ ha\)$/);
    await expect(area).toBeVisible();
    const acres = Number(/Area: ([\d,.]+) acres/.exec((await area.textContent()) ?? "")![1]!.replaceAll(",", ""));
    // 160 by 120 px at the place's zoom (its 600 m box in the map's width): a field of a few acres, not a continent.
    expect(acres).toBeGreaterThan(1);
    expect(acres).toBeLessThan(100);
    await expect(page.getByRole("alert")).toHaveCount(0);

    // 5. The tile server goes down: the map says so within a few seconds, and a boundary still draws.
    tiles.down = true;
    const fresh = await context.newPage();
    const downEditor = await openEditor(fresh);
    await expect(fresh.getByText("Base map unavailable")).toBeVisible({ timeout: 8_000 });
    const freshSearch = fresh.getByRole("search", { name: "Find a place" });
    await freshSearch.getByLabel("Find an address or place").fill(RECORDED_PLACE.query);
    await freshSearch.getByRole("button", { name: "Search" }).click();
    await expect(fresh.getByText(`Showing ${RECORDED_PLACE.answer[0].display_name}`)).toBeVisible();
    await clickCorners(downEditor, [
      [-60, -40],
      [60, -40],
      [0, 50],
    ]);
    await fresh.getByRole("button", { name: "Finish boundary" }).click();
    await expect(fresh.getByText(/^Area: [\d,.]+ acres \([\d,.]+ ha\)$/)).toBeVisible();
    tiles.down = false;
    await context.close();
  });
});

/** Pixel (x, y) of an element's screenshot. */
async function pixelsAt(element: Locator, points: [number, number][]): Promise<number[][]> {
  const { data, info } = await sharp(await element.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return points.map(([x, y]) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[at]!, data[at + 1]!, data[at + 2]!];
  });
}

/** The probe's point, from its "Latitude …, longitude …" line. */
async function probedCentre(page: Page): Promise<{ latitude: number; longitude: number }> {
  await page.getByRole("button", { name: "Probe centre" }).click();
  const probe = page.getByRole("status", { name: "Probe" });
  await expect(probe).toContainText("Latitude");
  const match = /Latitude (-?\d+\.\d+), longitude (-?\d+\.\d+)/.exec((await probe.textContent()) ?? "");
  return { latitude: Number(match![1]), longitude: Number(match![2]) };
}

test("the customer's delivered job opens on its site, and Zoom to shows the multispectral layer whole", async ({ page, newCustomer, adminApi: admin }) => {
  test.setTimeout(180_000);
  const customer = await newCustomer({ firstName: "Ynes", lastName: "Mexia" });
  const description = `Multispectral survey of the north block, ref ${uniqueId()}`;
  const quoteId = await requestQuoteViaApi(page.request, customer, {
    serviceType: "agriculture",
    description,
    budget: "$1,000 - $2,000",
    timeline: "Next month",
  });
  const job = (await json<{ data: Job[] }>(await page.request.get("/api/jobs"))).data.find((candidate) => candidate.quoteId === quoteId)!;
  const move = await flyQuoteJobViaApi(admin, { quoteId, jobId: job.id, price: 90_000, aircraft: "M3M" });

  const landsat = await starsRaster("L7_ETMs.tif");
  const uploaded = await json<{ data: MapLayer }>(
    await admin.post(`/api/admin/jobs/${job.id}/layers`, {
      multipart: {
        kind: "multispectral",
        title: "Landsat scene",
        bands: "blue,green,red,nir,swir1,swir2",
        file: { name: path.basename(landsat), mimeType: "image/tiff", buffer: readFileSync(landsat) },
      },
    }),
    201,
  );
  let layer = uploaded.data;
  await expect
    .poll(
      async () => {
        layer = (await json<{ data: MapLayer[] }>(await admin.get(`/api/jobs/${job.id}/layers`))).data[0]!;
        return `${layer.status}${layer.error ? ` (${layer.error})` : ""}`;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe("ready");

  // The site: a block in the scene's middle, a twentieth of its width a side.
  const [west, south, east, north] = layer.bounds!;
  const middle = { longitude: (west + east) / 2, latitude: (south + north) / 2 };
  const half = (east - west) / 40;
  const ring = [
    [middle.longitude - half, middle.latitude - half],
    [middle.longitude + half, middle.latitude - half],
    [middle.longitude + half, middle.latitude + half],
    [middle.longitude - half, middle.latitude + half],
  ].map(([lon, lat]) => [Number(lon!.toFixed(6)), Number(lat!.toFixed(6))]);
  await json(await admin.put(`/api/jobs/${job.id}/site-boundary`, { data: { type: "Polygon", coordinates: [[...ring, ring[0]]] } }));
  await move({ status: "delivered" });

  await page.goto(`/dashboard/jobs/${job.id}`);
  const map = page.getByRole("region", { name: "Site map" });
  await expect(map).toHaveAttribute("data-drawn", "true", { timeout: 30_000 });
  // Opened on the site: the boundary's middle at the centre, the scene much wider than the view.
  const opened = await probedCentre(page);
  expect(Math.abs(opened.longitude - middle.longitude)).toBeLessThan(half / 2);
  expect(Math.abs(opened.latitude - middle.latitude)).toBeLessThan(half / 2);
  const list = page.getByRole("group", { name: "Layers" });
  // The resolution as people write it: Landsat's pixels are some 30 m, in m/px to a whole metre.
  await expect(list.getByText(/ · \d+ m\/px$/)).toBeVisible();

  const box = (await map.boundingBox())!;
  const edges: [number, number][] = [
    [box.width / 2, 6],
    [box.width / 2, box.height - 6],
    [6, box.height / 2],
    [box.width - 6, box.height / 2],
  ];
  const before = await pixelsAt(map, edges);

  await list.getByRole("button", { name: "Zoom to Landsat scene" }).click();
  // Whole: the scene's middle at the centre, and around it, at each edge's middle, the map's own ground (one colour, the layer's edge inside).
  await expect
    .poll(async () => {
      const after = await pixelsAt(map, edges);
      const ground = after[0]!;
      return after.every((pixel) => pixel.every((channel, i) => Math.abs(channel - ground[i]!) <= 3));
    })
    .toBe(true);
  const ground = (await pixelsAt(map, edges))[0]!;
  expect(
    before.some((pixel) => pixel.some((channel, i) => Math.abs(channel - ground[i]!) > 3)),
    "before, the scene covered the map to its edges",
  ).toBe(true);
  const zoomed = await probedCentre(page);
  expect(Math.abs(zoomed.longitude - middle.longitude)).toBeLessThan((east - west) / 20);
  expect(Math.abs(zoomed.latitude - middle.latitude)).toBeLessThan((north - south) / 20);
});
