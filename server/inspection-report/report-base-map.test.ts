import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTilePeer, type TilePeer } from "../testing/tile-peer";
import { baseMapBackdrop, tileUrl } from "./report-base-map";
import { mapBounds } from "./report-map";

const TILE_RGB = [200, 40, 160] as const;
/** A site about 100 m across, as the report's map frames it. */
const BOUNDS = mapBounds({
  job: {
    latitude: null,
    longitude: null,
    boundary: {
      type: "Polygon",
      coordinates: [
        [
          [2.3505, 48.857],
          [2.3519, 48.857],
          [2.3519, 48.8579],
          [2.3505, 48.8579],
          [2.3505, 48.857],
        ],
      ],
    },
  },
  findings: [],
})!;

describe("the report's base map from the configured XYZ tiles", () => {
  let peer: TilePeer, dir: string;
  beforeAll(async () => {
    peer = await startTilePeer(TILE_RGB);
    dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-base-map-"));
  });
  afterAll(async () => {
    await peer.close();
    await rm(dir, { recursive: true, force: true });
  });
  const settings = () => ({ url: peer.template, attribution: "© Test Tiles", maxZoom: 19, userAgent: "SkyVantage site maps (http://test.example)" });

  it("composes the tiles under the map's box into one picture of its size, the tiles' colour throughout, asking a handful of tiles as the site", async () => {
    peer.requests.length = 0;
    peer.userAgents.length = 0;
    const file = await baseMapBackdrop(settings(), BOUNDS, dir);
    expect(file).not.toBeNull();
    const { data, info } = await sharp(file!).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([BOUNDS.width * 2, BOUNDS.height * 2]);
    // Corners and centre: JPEG moves a flat colour by a level or two at most.
    for (const [x, y] of [
      [0, 0],
      [info.width - 1, 0],
      [0, info.height - 1],
      [info.width - 1, info.height - 1],
      [info.width >> 1, info.height >> 1],
    ]) {
      const at = (y! * info.width + x!) * info.channels;
      const pixel = [data[at]!, data[at + 1]!, data[at + 2]!];
      pixel.forEach((channel, index) => expect(Math.abs(channel - TILE_RGB[index]!), `pixel ${x},${y}: ${pixel}`).toBeLessThan(8));
    }
    expect(peer.requests.length).toBeGreaterThan(0);
    expect(peer.requests.length).toBeLessThanOrEqual(16);
    // The box is about 160 m wide: 800 pixels at zoom 19, the provider's deepest, where 1,064 would be as sharp as the print.
    expect(new Set(peer.requests.map((request) => request.split("/")[0]))).toEqual(new Set(["19"]));
    expect(new Set(peer.userAgents)).toEqual(new Set(["SkyVantage site maps (http://test.example)"]));
  });

  it("asks no deeper than the provider's deepest zoom, nor more than a handful of tiles where it goes deeper", async () => {
    peer.requests.length = 0;
    expect(await baseMapBackdrop({ ...settings(), maxZoom: 15 }, BOUNDS, dir)).not.toBeNull();
    expect(new Set(peer.requests.map((request) => request.split("/")[0]))).toEqual(new Set(["15"]));
    // Zoom 20 would be as sharp as the print, but takes some 40 tiles: 19 is asked instead.
    peer.requests.length = 0;
    expect(await baseMapBackdrop({ ...settings(), maxZoom: 22 }, BOUNDS, dir)).not.toBeNull();
    expect(new Set(peer.requests.map((request) => request.split("/")[0]))).toEqual(new Set(["19"]));
    expect(peer.requests.length).toBeLessThanOrEqual(16);
  });

  it("leaves the map without imagery when the tile server is down", async () => {
    peer.down = true;
    try {
      expect(await baseMapBackdrop(settings(), BOUNDS, dir)).toBeNull();
    } finally {
      peer.down = false;
    }
  });

  it("leaves the map without imagery when the tile server never answers, once its budget is spent", async () => {
    peer.silent = true;
    peer.requests.length = 0;
    try {
      expect(await baseMapBackdrop(settings(), BOUNDS, dir, { tileTimeoutMs: 60_000, budgetMs: 200 })).toBeNull();
      expect(peer.requests.length).toBeGreaterThan(0);
    } finally {
      peer.silent = false;
    }
  });

  it("puts each tile where it lies: across a tile's edge inside the box, the picture changes colour at that longitude and latitude", async () => {
    const ODD = [20, 200, 220] as const;
    const checkered = await startTilePeer(TILE_RGB, ODD);
    try {
      const file = await baseMapBackdrop({ ...settings(), url: checkered.template }, BOUNDS, dir);
      const { data, info } = await sharp(file!).raw().toBuffer({ resolveWithObject: true });
      // At zoom 19 (as asked above) the tiles' edges are at whole multiples of 256 world pixels.
      const size = 256 * 2 ** 19;
      const worldX = (lon: number) => ((lon + 180) / 360) * size;
      const worldY = (lat: number) => ((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * size;
      const [left, top] = [worldX(BOUNDS.west), worldY(BOUNDS.north)];
      const perPixel = info.width / (worldX(BOUNDS.east) - left);
      const edgeX = Math.ceil(left / 256) * 256;
      const edgeY = Math.ceil(top / 256) * 256;
      const colourAt = (wx: number, wy: number) => {
        const at = (Math.floor((wy - top) * perPixel) * info.width + Math.floor((wx - left) * perPixel)) * info.channels;
        return [data[at]!, data[at + 1]!, data[at + 2]!];
      };
      const expected = (wx: number, wy: number) => ((Math.floor(wx / 256) + Math.floor(wy / 256)) % 2 ? ODD : TILE_RGB);
      // Six world pixels either side of a vertical and a horizontal edge: the two tiles' colours.
      for (const [wx, wy] of [
        [edgeX - 6, edgeY + 40],
        [edgeX + 6, edgeY + 40],
        [edgeX + 40, edgeY - 6],
        [edgeX + 40, edgeY + 6],
      ]) {
        const colour = colourAt(wx!, wy!);
        colour.forEach((channel, index) => expect(Math.abs(channel - expected(wx!, wy!)[index]!), `world pixel ${wx},${wy}: ${colour}`).toBeLessThan(24));
      }
    } finally {
      await checkered.close();
    }
  });

  it("leaves the map without imagery when the tile server redirects, asking no other host", async () => {
    let asked = 0;
    const elsewhere = createServer((_request, response) => void ((asked += 1), response.writeHead(200, { "content-type": "image/png" }).end()));
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const elsewherePort = (elsewhere.address() as AddressInfo).port;
    const redirecting = createServer((request, response) => response.writeHead(302, { location: `http://localhost:${elsewherePort}${request.url}` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
      expect(await baseMapBackdrop({ ...settings(), url }, BOUNDS, dir)).toBeNull();
      expect(asked).toBe(0);
    } finally {
      await Promise.all([redirecting, elsewhere].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it("spreads a {s} subdomain over a, b and c", () => {
    expect([0, 1, 2].map((x) => tileUrl("https://{s}.tile.example.org/{z}/{x}/{y}.png", 3, x, 0))).toEqual([
      "https://a.tile.example.org/3/0/0.png",
      "https://b.tile.example.org/3/1/0.png",
      "https://c.tile.example.org/3/2/0.png",
    ]);
  });
});
