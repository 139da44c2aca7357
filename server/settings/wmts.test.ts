import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capabilities } from "../testing/wmts-capabilities";
import { loadConfig } from "../config";
import { WmtsUnreadable, withWmtsTiles, xyzFromCapabilities, xyzOfWmts } from "./wmts";

describe("a WMTS service as the base map", () => {
  it("gives the XYZ template of the first layer in Web Mercator, by its RESTful template: default style, dimensions' defaults, level identifiers with their prefix", () => {
    expect(xyzFromCapabilities(capabilities())).toBe("https://maps.example/wmts/aerial/labelled/2026/WebMercatorQuad/EPSG:3857:{z}/{y}/{x}.jpg");
  });

  it("gives the KVP GetTile address when the layer has no RESTful template, and the layer the address names", () => {
    const template = xyzFromCapabilities(capabilities({ restful: false, prefix: "" }), "aerial");
    expect(template).toBe(
      "https://maps.example/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=aerial&STYLE=labelled&FORMAT=image%2Fjpeg&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}",
    );
  });

  it.each([
    ["not XML at all", '{ "tiles": true }', /does not answer WMTS capabilities|not XML/],
    ["no Web Mercator tile set", capabilities({ crs: "urn:ogc:def:crs:EPSG::32614" }), /serves no layer in Web Mercator/],
    [
      "levels not numbered by zoom",
      capabilities().replace("<ows:Identifier>EPSG:3857:2</ows:Identifier>", "<ows:Identifier>level-two</ows:Identifier>"),
      /serves no layer in Web Mercator/,
    ],
  ])("refuses capabilities with %s, saying why", (_case, xml, reason) => {
    expect(() => xyzFromCapabilities(xml)).toThrow(WmtsUnreadable);
    expect(() => xyzFromCapabilities(xml)).toThrow(reason);
  });

  it("refuses a layer the address names that the service does not have", () => {
    expect(() => xyzFromCapabilities(capabilities(), "roads")).toThrow("it has no layer roads");
  });

  describe("read from the service", () => {
    let server: Server;
    let root: string;
    const asked: string[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        asked.push(`${request.url} ${request.headers["user-agent"]}`);
        if (request.url?.startsWith("/down")) return void response.writeHead(503).end();
        response.writeHead(200, { "content-type": "application/xml" }).end(capabilities());
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("asks the capabilities once, naming the site, and answers the template", async () => {
      expect(await xyzOfWmts(`${root}/wmts/1.0.0/WMTSCapabilities.xml`, "SkyVantage site maps (http://test)")).toContain("/EPSG:3857:{z}/{y}/{x}.jpg");
      expect(asked.at(-1)).toBe("/wmts/1.0.0/WMTSCapabilities.xml SkyVantage site maps (http://test)");
    });

    it("reads MAP_TILES_URL's service once at start; one that gives none leaves the maps without it, said in the log", async () => {
      const warned: string[] = [];
      const config = await withWmtsTiles(
        loadConfig({ MAP_TILES_URL: `${root}/wmts/WMTSCapabilities.xml`, MAP_TILES_SATELLITE_URL: `${root}/down/WMTSCapabilities.xml` }),
        (message) => warned.push(message),
      );
      expect(config.site.mapTileUrl).toBe("https://maps.example/wmts/aerial/labelled/2026/WebMercatorQuad/EPSG:3857:{z}/{y}/{x}.jpg");
      expect(config.site.mapSatelliteUrl).toBe("");
      expect(warned).toEqual([
        "MAP_TILES_SATELLITE_URL names a WMTS service that gives no base map (its capabilities answered 503): the maps go without it until the next start.",
      ]);
      const xyz = await withWmtsTiles(loadConfig({ MAP_TILES_URL: "https://tile.example.org/{z}/{x}/{y}.png" }), (message) => warned.push(message));
      expect(xyz.site.mapTileUrl).toBe("https://tile.example.org/{z}/{x}/{y}.png");
    });

    it("says so when the service is down", async () => {
      await expect(xyzOfWmts(`${root}/down/WMTSCapabilities.xml`, "test")).rejects.toThrow("its capabilities answered 503");
    });
  });
});
