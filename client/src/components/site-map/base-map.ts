import "ol/ol.css";
import OlMap from "ol/Map";
import View from "ol/View";
import { defaults as defaultControls } from "ol/control/defaults";
import TileLayer from "ol/layer/Tile";
import XYZ from "ol/source/XYZ";
import { getSiteConfig } from "@/lib/site-config";

/**
 * An OpenLayers map in Web Mercator with the configured base map (MAP_TILE_URL; none offline, and
 * whatever is drawn on it still shows). Every map of the site starts here, so the base map and
 * its credit are set once.
 */
export function createBaseMap(target: HTMLElement): OlMap {
  const { mapTileUrl, mapTileAttribution } = getSiteConfig();
  const base = mapTileUrl
    ? [
        new TileLayer({
          properties: { base: true },
          source: new XYZ({ url: mapTileUrl, crossOrigin: "anonymous", attributions: mapTileAttribution || undefined, maxZoom: 19 }),
        }),
      ]
    : [];
  return new OlMap({
    target,
    layers: base,
    controls: defaultControls({ attributionOptions: { collapsible: true } }),
    view: new View({ center: [0, 0], zoom: 2, maxZoom: 24 }),
    // Keyboard panning and zooming once the map has focus (tabIndex on its element).
    keyboardEventTarget: target,
  });
}
