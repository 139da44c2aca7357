import type { EventsKey } from "ol/events";
import type { Geometry, LineString, Polygon } from "ol/geom";
import Draw from "ol/interaction/Draw";
import VectorLayer from "ol/layer/Vector";
import type OlMap from "ol/Map";
import { unByKey } from "ol/Observable";
import { toLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { getLength } from "ol/sphere";
import CircleStyle from "ol/style/Circle";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatArea, formatDistance, type MeasureMode } from "./measure";

const INK = "#f59e0b";
const measureStyle = [
  // A dark casing under the line keeps it readable on bright imagery and on the blank ground alike.
  new Style({ stroke: new Stroke({ color: "rgba(15, 23, 42, 0.8)", width: 5 }) }),
  new Style({
    stroke: new Stroke({ color: INK, width: 2.5, lineDash: [8, 6] }),
    fill: new Fill({ color: "rgba(245, 158, 11, 0.15)" }),
    image: new CircleStyle({ radius: 5, fill: new Fill({ color: INK }), stroke: new Stroke({ color: "#0f172a", width: 1.5 }) }),
  }),
];

function describe(mode: MeasureMode, geometry: Geometry): string {
  if (mode === "distance") return formatDistance(getLength(geometry as LineString));
  return formatArea(((geometry as Polygon).getCoordinates()[0] ?? []).map((point) => toLonLat(point)));
}

/**
 * Measuring on the map (OpenLayers Draw): a click per point, a double-click to finish; by keyboard,
 * a point at the view's centre and "Finish". One measurement shows at a time; its text is live
 * while drawing (geodesic: ol/sphere for lengths, the site boundary's rule for areas).
 */
export function useMeasure(map: OlMap | null) {
  const [mode, setMode] = useState<MeasureMode | null>(null);
  const [text, setText] = useState("");
  const [drawing, setDrawing] = useState(false);
  const drawRef = useRef<Draw | null>(null);
  const sourceRef = useRef<VectorSource | null>(null);

  useEffect(() => {
    if (!map) return;
    const source = new VectorSource();
    const layer = new VectorLayer({ source, style: measureStyle, zIndex: 1000 });
    map.addLayer(layer);
    sourceRef.current = source;
    return () => {
      map.removeLayer(layer);
      sourceRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    const source = sourceRef.current;
    if (!map || !mode || !source) return;
    const draw = new Draw({ source, type: mode === "distance" ? "LineString" : "Polygon", style: measureStyle });
    let geometryKey: EventsKey | undefined;
    const keys: EventsKey[] = [
      draw.on("drawstart", (event) => {
        source.clear();
        setDrawing(true);
        const geometry = event.feature.getGeometry();
        if (!geometry) return;
        setText(describe(mode, geometry));
        geometryKey = geometry.on("change", () => setText(describe(mode, geometry)));
      }),
    ];
    const stopped = () => {
      if (geometryKey) unByKey(geometryKey);
      setDrawing(false);
    };
    keys.push(draw.on("drawend", stopped), draw.on("drawabort", stopped));
    map.addInteraction(draw);
    drawRef.current = draw;
    return () => {
      unByKey(keys);
      if (geometryKey) unByKey(geometryKey);
      map.removeInteraction(draw);
      drawRef.current = null;
      setDrawing(false);
    };
  }, [map, mode]);

  /** Starts measuring in a mode, or stops (the button pressed again): the last result goes with it. */
  const toggle = useCallback((next: MeasureMode) => {
    setMode((current) => (current === next ? null : next));
    sourceRef.current?.clear();
    setText("");
  }, []);

  const addPointAtCentre = useCallback(() => {
    const centre = map?.getView().getCenter();
    if (centre) drawRef.current?.appendCoordinates([centre]);
  }, [map]);

  const finish = useCallback(() => drawRef.current?.finishDrawing(), []);

  return { mode, text, drawing, toggle, addPointAtCentre, finish };
}
