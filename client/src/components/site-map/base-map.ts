import "ol/ol.css";
import OlMap from "ol/Map";
import View from "ol/View";
import { defaults as defaultControls } from "ol/control/defaults";
import TileLayer from "ol/layer/Tile";
import XYZ from "ol/source/XYZ";
import { getSiteConfig } from "@/lib/site-config";

/** The base map's styles: the street map (MAP_TILES_URL), and the satellite imagery where one is configured. */
export type BaseStyle = "street" | "satellite";

/** Zoom beyond the tile source's deepest level enlarges its tiles, so a drone layer's centimetres stay reachable. */
const VIEW_MAX_ZOOM = 24;

/** The source's property holding how its last tile ended, "loaded" or "failed": the base map's notice reads it when it starts watching. */
export const LAST_TILE = "lastTile";

function baseLayer(style: BaseStyle, url: string, attribution: string, maxZoom: number, visible: boolean): TileLayer<XYZ> {
  const source = new XYZ({ url, crossOrigin: "anonymous", attributions: attribution || undefined, maxZoom, transition: 0 });
  // Kept from the first tile on: the map asks for tiles as soon as it has a size, which can be before
  // the notice under it subscribes, and a tile server that refuses at once fails them all by then.
  source.on("tileloadend", () => source.set(LAST_TILE, "loaded"));
  source.on("tileloaderror", () => source.set(LAST_TILE, "failed"));
  return new TileLayer({
    visible,
    properties: { base: style },
    // Below every drawn layer (theirs start at 10).
    zIndex: 0,
    source,
  });
}

/**
 * An OpenLayers map in Web Mercator with the configured base map (MAP_TILES_URL, and MAP_TILES_SATELLITE_URL
 * as a second style; docs/decisions/0070-base-map-and-geocoder.md). Without one, or while its tiles fail,
 * whatever is drawn still shows on the map element's own neutral ground. Every map of the site starts
 * here, so the base map and its credit are set once.
 */
export function createBaseMap(target: HTMLElement): OlMap {
  const { mapTileUrl, mapTileAttribution, mapTileMaxZoom, mapSatelliteUrl, mapSatelliteAttribution } = getSiteConfig();
  const base = [
    ...(mapTileUrl ? [baseLayer("street", mapTileUrl, mapTileAttribution, mapTileMaxZoom, true)] : []),
    ...(mapSatelliteUrl ? [baseLayer("satellite", mapSatelliteUrl, mapSatelliteAttribution, mapTileMaxZoom, !mapTileUrl)] : []),
  ];
  return new OlMap({
    target,
    layers: base,
    // The credit stays open: a provider's usage policy asks for it to be seen.
    controls: defaultControls({ attributionOptions: { collapsible: false } }),
    view: new View({ center: [0, 0], zoom: 2, maxZoom: VIEW_MAX_ZOOM }),
    // Keyboard panning and zooming once the map has focus (tabIndex on its element).
    keyboardEventTarget: target,
  });
}

/** The map's base layers, street first. */
export function baseLayersOf(map: OlMap): TileLayer<XYZ>[] {
  return map
    .getLayers()
    .getArray()
    .filter((layer): layer is TileLayer<XYZ> => layer instanceof TileLayer && typeof layer.get("base") === "string");
}
