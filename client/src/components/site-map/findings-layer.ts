import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import Polygon from "ol/geom/Polygon";
import VectorLayer from "ol/layer/Vector";
import type OlMap from "ol/Map";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import CircleStyle from "ol/style/Circle";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FindingSeverity } from "@common/findings";
import { SEVERITY_COLOURS } from "./severity-colours";

/** A finding as the map draws it: a pin at its point, or its area (an agriculture finding's polygon). */
interface FindingPin {
  id: number;
  lat: number;
  lon: number;
  severity: FindingSeverity;
  polygon: { coordinates: [number, number][][] } | null;
}

/** A point chosen on the map for a new finding, with what the thermal layer reads there (null without one). */
export interface MapPick {
  lat: number;
  lon: number;
  /** °C: the hottest pixel at the point (its 3 × 3 neighbourhood). */
  maxTemp: number | null;
  /** °C: the median of the pixels around it, the reference a hot spot stands out from. */
  refTemp: number | null;
}

/** The job's findings on the site map (docs/decisions/0035-findings-in-the-browser.md), and what choosing one or a point does. */
export interface FindingsOverlay {
  /** Every finding of the job: their features are made once per list, not once per filter. */
  pins: readonly FindingPin[];
  /** The ones the table's filter lets through: the others stay on the source, undrawn. */
  visible: ReadonlySet<number>;
  selectedId: number | null;
  /** Asked to show a finding (its "Show on map"): the view is fitted close around it, each ask anew. */
  focus?: { id: number } | null;
  onSelect: (id: number) => void;
  /** While true, the next click (or "Place at centre") places a new finding instead of probing. */
  picking: boolean;
  onPick: (pick: MapPick) => void;
  onCancelPick: () => void;
}

const CASING = "#0f172a";
/** How close "Show on map" comes: a module's cells apart, a point finding at the centre. */
const FOCUS_ZOOM = 21;
// One style per severity and selection, made once: a thousand pins share six styles.
const styles = new Map<string, Style[]>();
function styleFor(severity: FindingSeverity, selected: boolean, area: boolean): Style[] {
  const key = `${severity}:${selected}:${area}`;
  let style = styles.get(key);
  if (!style) {
    const colour = SEVERITY_COLOURS[severity];
    style = area
      ? [
          new Style({ stroke: new Stroke({ color: CASING, width: selected ? 6 : 4 }) }),
          new Style({ stroke: new Stroke({ color: selected ? "#ffffff" : colour, width: selected ? 3 : 2 }), fill: new Fill({ color: `${colour}55` }) }),
        ]
      : [
          new Style({
            image: new CircleStyle({
              radius: selected ? 10 : 6,
              fill: new Fill({ color: colour }),
              stroke: new Stroke({ color: selected ? "#ffffff" : CASING, width: selected ? 3 : 1.5 }),
            }),
            zIndex: selected ? 2 : 1,
          }),
        ];
    styles.set(key, style);
  }
  return style;
}

const featureOf = (pin: FindingPin): Feature => {
  const geometry = pin.polygon
    ? new Polygon(pin.polygon.coordinates.map((ring) => ring.map(([lon, lat]) => fromLonLat([lon, lat]))))
    : new Point(fromLonLat([pin.lon, pin.lat]));
  const feature = new Feature(geometry);
  feature.setId(pin.id);
  feature.set("severity", pin.severity);
  return feature;
};

/**
 * Draws the findings above the layers and the site boundary, coloured by severity, the chosen one
 * larger and ringed in white, and brings it into view when it is chosen elsewhere (the table).
 * Answers which finding, if any, is under a pixel of the map.
 */
export function useFindingsLayer(map: OlMap | null, overlay: FindingsOverlay | undefined) {
  const selected = useRef<number | null>(null);
  const visible = useRef<ReadonlySet<number> | null>(null);
  const [layer] = useState(
    () =>
      new VectorLayer({
        source: new VectorSource<Feature>(),
        zIndex: 950,
        properties: { findings: true },
        style: (feature) =>
          visible.current?.has(feature.getId() as number) === false
            ? undefined
            : styleFor(feature.get("severity") as FindingSeverity, feature.getId() === selected.current, feature.getGeometry()?.getType() === "Polygon"),
      }),
  );
  const pins = overlay?.pins;
  const shown = overlay?.visible ?? null;
  const selectedId = overlay?.selectedId ?? null;
  const focus = overlay?.focus ?? null;

  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, layer]);

  useEffect(() => {
    const source = layer.getSource()!;
    source.clear(true);
    source.addFeatures((pins ?? []).map(featureOf));
  }, [layer, pins]);

  // A filter only restyles: hidden pins have no style, and are neither drawn nor hit.
  useEffect(() => {
    visible.current = shown;
    layer.changed();
  }, [layer, shown]);

  useEffect(() => {
    selected.current = selectedId;
    layer.changed();
    const feature = selectedId === null ? null : layer.getSource()!.getFeatureById(selectedId);
    const view = map?.getView();
    const extent = feature?.getGeometry()?.getExtent();
    const size = map?.getSize();
    if (!view || !extent || !size) return;
    // Into view only when out of it: choosing the next finding in the table does not make the map jump.
    const visible = view.calculateExtent(size);
    const inside = extent[0]! >= visible[0]! && extent[1]! >= visible[1]! && extent[2]! <= visible[2]! && extent[3]! <= visible[3]!;
    if (!inside) view.setCenter([(extent[0]! + extent[2]!) / 2, (extent[1]! + extent[3]!) / 2]);
  }, [map, layer, selectedId]);

  useEffect(() => {
    const extent = focus && layer.getSource()!.getFeatureById(focus.id)?.getGeometry()?.getExtent();
    const size = map?.getSize();
    if (extent && size) map!.getView().fit(extent, { size, padding: [48, 48, 48, 48], maxZoom: FOCUS_ZOOM });
  }, [map, layer, focus]);

  /** The finding drawn under a pixel of the map (a few pixels' slack for a finger), or null. */
  return useCallback(
    (pixel: number[]): number | null => {
      const hit = map?.forEachFeatureAtPixel(pixel, (feature) => feature.getId(), { layerFilter: (candidate) => candidate === layer, hitTolerance: 6 });
      return typeof hit === "number" ? hit : null;
    },
    [map, layer],
  );
}
