// An XYZ tile server of a test's own on 127.0.0.1: every tile a PNG of one known colour (or a
// checkerboard of two), so a map drawn over its tiles shows that colour wherever nothing else is drawn; and, when told, down (503) or
// silent (never answers), as a real one can be.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface TilePeer {
  /** The XYZ template of its tiles: `http://127.0.0.1:port/{z}/{x}/{y}.png`. */
  template: string;
  /** Each tile asked for, as z/x/y. */
  requests: string[];
  /** The User-Agent of each request, in order. */
  userAgents: (string | undefined)[];
  /** Down: every tile is answered 503. */
  down: boolean;
  /** Silent: no tile is ever answered (until the peer closes). */
  silent: boolean;
  close(): Promise<void>;
}

type Rgb = readonly [number, number, number];
const pngOf = (rgb: Rgb) =>
  sharp({ create: { width: 256, height: 256, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

/** Every tile `rgb`; or, given `odd`, the tiles whose x + y is odd that colour instead, a checkerboard that shows where each tile was put. */
export async function startTilePeer(rgb: Rgb, odd?: Rgb): Promise<TilePeer> {
  const png = await pngOf(rgb);
  const oddPng = odd ? await pngOf(odd) : png;
  const held = new Set<ServerResponse>();
  const peer: TilePeer = {
    template: "",
    requests: [],
    userAgents: [],
    down: false,
    silent: false,
    close: async () => {
      for (const response of held) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((request, response) => {
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? "");
    if (!match) return void response.writeHead(404).end();
    peer.requests.push(`${match[1]}/${match[2]}/${match[3]}`);
    peer.userAgents.push(request.headers["user-agent"]);
    if (peer.silent) return void held.add(response);
    if (peer.down) return void response.writeHead(503).end("down");
    // A browser's OpenLayers asks with crossOrigin anonymous: the canvas stays exportable.
    response.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" }).end((Number(match[2]) + Number(match[3])) % 2 ? oddPng : png);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer.template = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  return peer;
}
