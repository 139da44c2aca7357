import Feature from "ol/Feature";
import Polygon from "ol/geom/Polygon";
import VectorLayer from "ol/layer/Vector";
import type OlMap from "ol/Map";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { useEffect } from "react";
import type { SiteBoundary } from "@common/site-boundary";

// An outline only: the layers under the site stay readable. A dark casing keeps it visible on any imagery.
const outline = [
  new Style({ stroke: new Stroke({ color: "rgba(15, 23, 42, 0.85)", width: 5 }) }),
  new Style({ stroke: new Stroke({ color: "#38bdf8", width: 2.5 }) }),
];

/** The site boundary (WGS84 GeoJSON) as a Web Mercator polygon. */
export const boundaryPolygon = (boundary: SiteBoundary) =>
  new Polygon(boundary.coordinates.map((ring) => ring.map(([longitude, latitude]) => fromLonLat([longitude!, latitude!]))));

/** Draws the customer's site boundary as an outline above the layers. */
export function useBoundaryLayer(map: OlMap | null, boundary: SiteBoundary | null): void {
  useEffect(() => {
    if (!map || !boundary) return;
    const layer = new VectorLayer({
      source: new VectorSource({ features: [new Feature(boundaryPolygon(boundary))] }),
      style: outline,
      zIndex: 900,
      properties: { boundary: true },
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, boundary]);
}
