import { XMLParser } from "fast-xml-parser";
import { isTileTemplate, isWmtsCapabilitiesUrl } from "@common/map-tiles";
import { type Config, mapServicesUserAgent } from "../config";

// A base map given as an OGC WMTS service (docs/decisions/0077-wmts-base-maps.md): its capabilities
// are read once, when the address is saved, and the Web Mercator tiles they describe are kept as an
// XYZ template, which the maps, the pages' policy and the report's map then use as any other.

/** Why a WMTS service's capabilities give no base map: said under the field it was typed in. */
export class WmtsUnreadable extends Error {
  override name = "WmtsUnreadable";
}

/** How long the capabilities may take to arrive, and how large they may be. */
const CAPABILITIES_TIMEOUT_MS = 5_000;
const CAPABILITIES_MAX_BYTES = 5 * 1024 * 1024;

/** Web Mercator's zoom 0 as WMTS writes it (OGC 17-083r2, WebMercatorQuad): a 256-pixel tile's scale denominator. */
const ZOOM_0_SCALE = 559_082_264.028_717_8;
const HALF_WORLD = 20_037_508.342_789_2;
const WEB_MERCATOR_CRS = /(?:EPSG:+(?:3857|900913)|EPSG\/0\/3857|crs:EPSG::3857)$/i;
/** The image formats a browser draws. */
const IMAGE_FORMATS = ["image/png", "image/jpeg", "image/webp"];

/** Elements WMTS may repeat: read as lists however many there are. */
const REPEATED = new Set([
  "Capabilities.Contents.Layer",
  "Capabilities.Contents.Layer.Style",
  "Capabilities.Contents.Layer.Format",
  "Capabilities.Contents.Layer.TileMatrixSetLink",
  "Capabilities.Contents.Layer.ResourceURL",
  "Capabilities.Contents.Layer.Dimension",
  "Capabilities.Contents.TileMatrixSet",
  "Capabilities.Contents.TileMatrixSet.TileMatrix",
  "Capabilities.OperationsMetadata.Operation",
  "Capabilities.OperationsMetadata.Operation.DCP.HTTP.Get",
  "Capabilities.OperationsMetadata.Operation.DCP.HTTP.Get.Constraint.AllowedValues.Value",
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (_name, jpath) => REPEATED.has(String(jpath)),
});

type Node = Record<string, unknown>;
const nodes = (value: unknown): Node[] => list(value).filter((item): item is Node => typeof item === "object" && item !== null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "object" && value !== null && "#text" in value ? String((value as Node)["#text"]).trim() : "";

/** A tile matrix set's zoom levels, if it is Web Mercator's quad tree: each matrix's identifier as a prefix and its zoom. */
function webMercatorLevels(set: Node): { prefix: string; zooms: number[] } | null {
  if (!WEB_MERCATOR_CRS.test(text(set.SupportedCRS))) return null;
  const matrices = nodes(set.TileMatrix);
  if (matrices.length === 0) return null;
  let prefix: string | undefined;
  const zooms: number[] = [];
  for (const matrix of matrices) {
    const scale = Number(text(matrix.ScaleDenominator));
    const zoom = Math.round(Math.log2(ZOOM_0_SCALE / scale));
    const corner = text(matrix.TopLeftCorner).split(/\s+/).map(Number);
    const cornerOk = corner.length === 2 && corner.every((value) => Math.abs(Math.abs(value) - HALF_WORLD) < 1);
    const scaleOk = Number.isFinite(scale) && Math.abs(ZOOM_0_SCALE / 2 ** zoom / scale - 1) < 0.001;
    const sizeOk = text(matrix.TileWidth) === "256" && text(matrix.TileHeight) === "256" && Number(text(matrix.MatrixWidth)) === 2 ** zoom;
    const identifier = text(matrix.Identifier);
    if (!cornerOk || !scaleOk || !sizeOk || !identifier.endsWith(String(zoom))) return null;
    const own = identifier.slice(0, identifier.length - String(zoom).length);
    // Each level's identifier is the same prefix and its zoom ("3", "EPSG:3857:3"): the template writes {z} after the prefix.
    if (prefix !== undefined && own !== prefix) return null;
    prefix = own;
    zooms.push(zoom);
  }
  return { prefix: prefix ?? "", zooms };
}

/** The KVP GetTile address of the service's operations, when it lists one. */
function getTileEndpoint(capabilities: Node): string | null {
  const operation = nodes((capabilities.OperationsMetadata as Node | undefined)?.Operation).find((candidate) => candidate["@name"] === "GetTile");
  const gets = nodes((((operation?.DCP as Node | undefined)?.HTTP as Node | undefined) ?? {}).Get);
  // A Get without a constraint serves every encoding; one constrained names KVP among its values.
  const kvp = gets.find((get) => {
    const encodings = list(((get.Constraint as Node | undefined)?.AllowedValues as Node | undefined)?.Value).map(text);
    return encodings.length === 0 || encodings.some((value) => value.toUpperCase() === "KVP");
  });
  return kvp ? String(kvp["@href"] ?? "") || null : null;
}

/**
 * The XYZ template of a WMTS service's Web Mercator tiles, from its capabilities document: the layer
 * named by `layer=` in the address, else the first layer served in Web Mercator in a format a browser
 * draws, its default style, by the service's RESTful template or else its KVP GetTile address.
 */
export function xyzFromCapabilities(xml: string, wanted?: string): string {
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch {
    throw new WmtsUnreadable("its capabilities are not XML");
  }
  const capabilities = document.Capabilities as Node | undefined;
  if (!capabilities) throw new WmtsUnreadable("the address does not answer WMTS capabilities");
  const contents = (capabilities.Contents as Node | undefined) ?? {};
  const sets = new Map(nodes(contents.TileMatrixSet).map((set) => [text(set.Identifier), webMercatorLevels(set)]));
  const layers = nodes(contents.Layer).filter((layer) => !wanted || text(layer.Identifier) === wanted);
  if (layers.length === 0) throw new WmtsUnreadable(wanted ? `it has no layer ${wanted}` : "it lists no layer");
  const endpoint = getTileEndpoint(capabilities);
  for (const layer of layers) {
    const link = nodes(layer.TileMatrixSetLink)
      .map((candidate) => text(candidate.TileMatrixSet))
      .find((name) => sets.get(name));
    if (!link) continue;
    const levels = sets.get(link)!;
    const style = text((nodes(layer.Style).find((candidate) => candidate["@isDefault"] === "true") ?? nodes(layer.Style)[0])?.Identifier) || "default";
    const dimensions = new Map(nodes(layer.Dimension).map((dimension) => [text(dimension.Identifier).toLowerCase(), text(dimension.Default)]));
    const fill = (template: string) =>
      template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
        switch (name.toLowerCase()) {
          case "tilematrixset":
            return link;
          case "tilematrix":
            return `${levels.prefix}{z}`;
          case "tilerow":
            return "{y}";
          case "tilecol":
            return "{x}";
          case "style":
            return style;
          default:
            return dimensions.get(name.toLowerCase()) || whole;
        }
      });
    const resource = nodes(layer.ResourceURL).find(
      (candidate) => candidate["@resourceType"] === "tile" && IMAGE_FORMATS.includes(String(candidate["@format"])),
    );
    let template: string | undefined;
    if (resource) template = fill(String(resource["@template"] ?? ""));
    else {
      const format = list(layer.Format)
        .map(text)
        .find((candidate) => IMAGE_FORMATS.includes(candidate));
      if (endpoint && format) {
        const url = new URL(endpoint);
        const query = {
          SERVICE: "WMTS",
          REQUEST: "GetTile",
          VERSION: "1.0.0",
          LAYER: text(layer.Identifier),
          STYLE: style,
          FORMAT: format,
          TILEMATRIXSET: link,
        };
        for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
        // The placeholders stay as written: URLSearchParams would encode their braces.
        template = `${url.toString()}&TILEMATRIX=${levels.prefix}{z}&TILEROW={y}&TILECOL={x}`;
      }
    }
    if (template && !/\{(?![zxy]\})[^}]*\}/.test(template) && isTileTemplate(template)) return template;
  }
  throw new WmtsUnreadable("it serves no layer in Web Mercator (GoogleMapsCompatible) tiles of PNG, JPEG or WebP");
}

/**
 * The XYZ template of the WMTS service whose capabilities are at `url` (asked once, within a few
 * seconds, naming the site); `layer=` in its query names the layer, the first otherwise.
 */
export async function xyzOfWmts(url: string, userAgent: string): Promise<string> {
  const address = new URL(url);
  const wanted = address.searchParams.get("layer") ?? undefined;
  let xml: string;
  try {
    const response = await fetch(address, {
      headers: { "user-agent": userAgent, accept: "application/xml, text/xml" },
      signal: AbortSignal.timeout(CAPABILITIES_TIMEOUT_MS),
      redirect: "follow",
    });
    if (!response.ok) throw new WmtsUnreadable(`its capabilities answered ${response.status}`);
    if (Number(response.headers.get("content-length") ?? 0) > CAPABILITIES_MAX_BYTES) throw new WmtsUnreadable("its capabilities are larger than 5 MB");
    xml = await response.text();
  } catch (error) {
    if (error instanceof WmtsUnreadable) throw error;
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new WmtsUnreadable(timedOut ? "its capabilities did not arrive within 5 seconds" : "its capabilities could not be reached");
  }
  if (xml.length > CAPABILITIES_MAX_BYTES) throw new WmtsUnreadable("its capabilities are larger than 5 MB");
  return xyzFromCapabilities(xml, wanted);
}

/**
 * The XYZ template a base map's address stands for: the address itself when it is one, else the
 * template its WMTS service's capabilities give (read now); WmtsUnreadable when they give none.
 */
export async function tileTemplateOf(address: string, userAgent: string): Promise<string> {
  return isWmtsCapabilitiesUrl(address) ? xyzOfWmts(address, userAgent) : address;
}

/**
 * The configuration with MAP_TILES_URL and MAP_TILES_SATELLITE_URL read as XYZ templates where they
 * name a WMTS service (read once at start, as a save in the settings reads them once). A service that
 * gives none leaves the maps without that base map, said in the log: the site starts all the same.
 */
export async function withWmtsTiles(config: Config, warn: (message: string) => void): Promise<Config> {
  const userAgent = mapServicesUserAgent(config.publicUrl);
  const read = async (url: string, variable: string) => {
    try {
      return await tileTemplateOf(url, userAgent);
    } catch (error) {
      if (!(error instanceof WmtsUnreadable)) throw error;
      warn(`${variable} names a WMTS service that gives no base map (${error.message}): the maps go without it until the next start.`);
      return "";
    }
  };
  const [mapTileUrl, mapSatelliteUrl] = await Promise.all([
    read(config.site.mapTileUrl, "MAP_TILES_URL"),
    read(config.site.mapSatelliteUrl, "MAP_TILES_SATELLITE_URL"),
  ]);
  return { ...config, site: { ...config.site, mapTileUrl, mapSatelliteUrl } };
}
