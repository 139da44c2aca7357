import WebGLTileLayer from "ol/layer/WebGLTile";
import type OlMap from "ol/Map";
import GeoTIFF from "ol/source/GeoTIFF";
import { useEffect, useRef, useState } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import type { LayerView } from "./layer-state";
import type { LayerDisplay } from "./layer-styles";
import { styleVariables, webglStyle } from "./layer-webgl-style";
import { readHeader } from "./read-pixel";

/** One map layer on the map: its WebGL layer over the COG, and the display its style was built for. */
interface Raster {
  layer: WebGLTileLayer;
  source: GeoTIFF;
  display: LayerDisplay | null;
  /** The file's nodata value, once its header has been read (undefined until then). */
  nodata: number | null | undefined;
}

function createRaster(layer: MapLayer): Raster {
  const source = new GeoTIFF({
    sources: [{ url: layer.cogUrl! }],
    // Band maths needs the file's values (metres, °C, reflectance), not 0–1.
    normalize: false,
    // Measured values shown as their pixels, never blended across a nodata edge; photographs smoothed.
    interpolate: layer.kind === "orthomosaic",
    transition: 0,
  });
  return { layer: new WebGLTileLayer({ source, properties: { mapLayerId: layer.id } }), source, display: null, nodata: undefined };
}

/** Bands in the file, not counting the mask OpenLayers appends for nodata. */
const samplesOf = (source: GeoTIFF) => source.bandCount - (source.hasAlpha ? 1 : 0);

/** Builds a style for the display once the source has read the COG's header (its band layout), else moves its variables. */
function restyle(raster: Raster, layer: MapLayer, view: LayerView): void {
  if (raster.source.getState() !== "ready") return;
  if (raster.display !== view.style.display) {
    raster.layer.setStyle(webglStyle(layer, view.style, { samples: samplesOf(raster.source), nodata: raster.nodata ?? null }));
    raster.display = view.style.display;
  } else {
    raster.layer.updateStyleVariables(styleVariables(view.style));
  }
}

/** Which layers show: those ticked, or only the two being compared. */
export interface Shown {
  isShown: (layer: MapLayer) => boolean;
}

/**
 * Keeps the map's WebGL layers in step with the ready map layers (bottom first) and their views:
 * a layer is added once, then only shown, faded, reordered and restyled. Returns the WebGL layer
 * of each map layer (for the swipe), and the ids of those whose COG could not be read.
 */
export function useRasterLayers(map: OlMap | null, layers: MapLayer[], views: Record<number, LayerView>, shown: Shown) {
  const rasters = useRef(new Map<number, Raster>());
  // Layers whose COG could not be read (the session ended, the file is gone): the map says so rather than stay blank.
  const [unreadable, setUnreadable] = useState<number[]>([]);
  const latest = useRef({ layers, views });

  useEffect(() => {
    latest.current = { layers, views };
  });

  useEffect(() => {
    if (!map) return;
    const current = rasters.current;
    const ids = new Set(layers.map((layer) => layer.id));
    for (const [id, raster] of current) {
      if (ids.has(id)) continue;
      map.removeLayer(raster.layer);
      raster.source.dispose();
      current.delete(id);
    }
    layers.forEach((layer, order) => {
      let raster = current.get(layer.id);
      if (!raster) {
        const created = createRaster(layer);
        raster = created;
        current.set(layer.id, created);
        const restyleNow = () => {
          const { layers: now, views: nowViews } = latest.current;
          const still = now.find((candidate) => candidate.id === layer.id);
          const view = nowViews[layer.id];
          if (still && view) restyle(created, still, view);
        };
        // The header arrives after the first render: style the layer as it is then.
        created.source.once("change", () => {
          if (created.source.getState() === "error") return setUnreadable((ids) => [...ids, layer.id]);
          restyleNow();
          // The nodata value masks a colour made of several bands (OpenLayers hides a pixel only where
          // every band is nodata); one band's nodata is OpenLayers' own mask. Read with geotiff.js
          // (whose read the probe shares) once the source has read its header, not beside it: the
          // first view's requests are not doubled.
          if (samplesOf(created.source) < 2) return;
          readHeader(layer.cogUrl!)
            .then((image) => image.getGDALNoData())
            .catch(() => null)
            .then((nodata) => {
              created.nodata = nodata;
              if (nodata === null) return;
              created.display = null;
              restyleNow();
            });
        });
        map.addLayer(created.layer);
      }
      const view = views[layer.id];
      if (!view) return;
      raster.layer.setVisible(shown.isShown(layer));
      raster.layer.setOpacity(view.opacity);
      // Above the base map (0), below the boundary and measurements.
      raster.layer.setZIndex(10 + order);
      restyle(raster, layer, view);
    });
  }, [map, layers, views, shown]);

  useEffect(() => {
    const current = rasters.current;
    return () => {
      for (const raster of current.values()) raster.source.dispose();
      current.clear();
    };
  }, []);

  return { rasters, unreadable };
}
