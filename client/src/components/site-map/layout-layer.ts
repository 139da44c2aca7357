import Feature from "ol/Feature";
import MultiPolygon from "ol/geom/MultiPolygon";
import Polygon from "ol/geom/Polygon";
import VectorLayer from "ol/layer/Vector";
import type OlMap from "ol/Map";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { useEffect } from "react";
import type { LayoutFeature } from "@common/site-layout";

// Thin outlines under the findings' pins and above the layers: a table or row reads on any imagery.
const outline = [
  new Style({ stroke: new Stroke({ color: "rgba(15, 23, 42, 0.7)", width: 3 }) }),
  new Style({ stroke: new Stroke({ color: "#e2e8f0", width: 1.2 }) }),
];

const ring = (points: [number, number][]) => points.map(([longitude, latitude]) => fromLonLat([longitude, latitude]));

function olFeature(feature: LayoutFeature): Feature {
  const geometry =
    feature.geometry.type === "Polygon"
      ? new Polygon(feature.geometry.coordinates.map(ring))
      : new MultiPolygon(feature.geometry.coordinates.map((polygon) => polygon.map(ring)));
  return new Feature({ geometry, locator: feature.properties.locator });
}

/** Draws the site's layout (its tables, rows, strings or fields) as outlines, while `features` is given. */
export function useLayoutLayer(map: OlMap | null, features: readonly LayoutFeature[] | null | undefined): void {
  useEffect(() => {
    if (!map || !features?.length) return;
    const layer = new VectorLayer({
      source: new VectorSource({ features: features.map(olFeature) }),
      style: outline,
      zIndex: 850,
      properties: { siteLayout: true },
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, features]);
}
