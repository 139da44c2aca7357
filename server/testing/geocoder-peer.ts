// A Nominatim-compatible geocoder of a test's own on 127.0.0.1: answers in Nominatim's jsonv2 output
// format (nominatim.org/release-docs/latest/api/Search/#output-format), and, when told, fails as a real
// one can: an error status, an answer that is no list, or no answer at all.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Nominatim's answer for "Blackland Research Center, Temple, Texas": a farm research site, its box about 600 m wide. */
export const RECORDED_PLACE = {
  query: "Blackland Research Center, Temple, Texas",
  answer: [
    {
      place_id: 297_115_201,
      licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
      osm_type: "way",
      osm_id: 418_960_112,
      lat: "31.0457020",
      lon: "-97.3481500",
      category: "landuse",
      type: "farmland",
      place_rank: 20,
      importance: 0.21,
      addresstype: "farmland",
      name: "Blackland Research Center",
      display_name: "Blackland Research Center, 720 East Blackland Road, Temple, Bell County, Texas, 76502, United States",
      boundingbox: ["31.0430000", "31.0484000", "-97.3513000", "-97.3450000"],
    },
    // A place described badly (no coordinates) is left out of the list rather than fail the search.
    { place_id: 1, display_name: "A place without coordinates" },
  ],
} as const;

type GeocoderMode = "ok" | "error" | "bad" | "silent";

export interface GeocoderPeer {
  url: string;
  /** How it answers the next searches. */
  mode: GeocoderMode;
  /** Each search's query string and User-Agent, in order. */
  searches: { path: string; q: string | null; userAgent: string | undefined }[];
  close(): Promise<void>;
}

export async function startGeocoderPeer(): Promise<GeocoderPeer> {
  const held = new Set<ServerResponse>();
  const peer: GeocoderPeer = {
    url: "",
    mode: "ok",
    searches: [],
    close: async () => {
      for (const response of held) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const q = url.searchParams.get("q");
    peer.searches.push({ path: url.pathname, q, userAgent: request.headers["user-agent"] });
    if (peer.mode === "silent") return void held.add(response);
    if (peer.mode === "error") return void response.writeHead(502).end("Bad gateway");
    response.writeHead(200, { "content-type": "application/json" });
    if (peer.mode === "bad") return void response.end(JSON.stringify({ error: "Unable to geocode" }));
    const found = url.pathname === "/search" && url.searchParams.get("format") === "jsonv2" && q?.toLowerCase().includes("blackland");
    response.end(JSON.stringify(found ? RECORDED_PLACE.answer : []));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}
