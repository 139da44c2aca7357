import Feature from "ol/Feature";
import type { EventsKey } from "ol/events";
import type OlMap from "ol/Map";
import Zoom from "ol/control/Zoom";
import { getCenter } from "ol/extent";
import { fromLonLat, transformExtent } from "ol/proj";
import type { Polygon as PolygonGeometry } from "ol/geom";
import Polygon from "ol/geom/Polygon";
import Draw from "ol/interaction/Draw";
import KeyboardPan from "ol/interaction/KeyboardPan";
import Modify from "ol/interaction/Modify";
import VectorLayer from "ol/layer/Vector";
import { unByKey } from "ol/Observable";
import VectorSource from "ol/source/Vector";
import CircleStyle from "ol/style/Circle";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { Check, Crosshair, Eraser, Images, Undo2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Place } from "@common/contract/geocode";
import type { SiteBoundary } from "@common/site-boundary";
import { Button } from "@/components/ui/button";
import { getSiteConfig } from "@/lib/site-config";
import { createBaseMap } from "./base-map";
import { BaseMapBar } from "./base-map-controls";
import { PlaceSearch } from "./place-search";
import { type BoundaryPhase, initialView, type MapPoint, readBoundary, ringOf } from "./boundary-geometry";

export interface BoundaryEditorProps {
  /** The boundary to start from (editing); null to draw a new one. */
  value: SiteBoundary | null;
  /** The job's site position, to open the map over it when there is no boundary yet. */
  site?: { latitude: number | null; longitude: number | null } | undefined;
  /** A closed boundary the server would take, or null while there is none (cleared, being drawn, or refused). */
  onChange: (boundary: SiteBoundary | null) => void;
  /** Where the job's photos were taken (the middle of their GPS positions): the back office may centre the map there. */
  photosAt?: { lat: number; lon: number; photoCount: number } | null | undefined;
  /** Whether corners are on the map that make no boundary yet (a drawing not finished, or one refused): a form says so rather than drop them. */
  onUnfinished?: ((unfinished: boolean) => void) | undefined;
}

interface Shape {
  phase: BoundaryPhase;
  /** The corners placed so far; closed, the ring. */
  ring: MapPoint[];
}

const EMPTY: Shape = { phase: "empty", ring: [] };
const LINE = "#0ea5e9";
const boundaryStyle = new Style({
  stroke: new Stroke({ color: LINE, width: 3 }),
  fill: new Fill({ color: "rgba(14, 165, 233, 0.18)" }),
  image: new CircleStyle({ radius: 5, fill: new Fill({ color: "#ffffff" }), stroke: new Stroke({ color: LINE, width: 2 }) }),
});

/** A place found by address opens at most this close: its buildings and fields in view. */
const PLACE_ZOOM = 17;

/** Arrow keys move the map this many pixels (four times as far with Shift). */
const PAN_PIXELS = 64;
const PAN_KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

interface Tools {
  map: OlMap;
  draw: Draw;
  source: VectorSource;
}

/** The ring of a polygon being drawn or edited (closed, as OpenLayers keeps it). */
const ringOfFeature = (feature: Feature): MapPoint[] => (feature.getGeometry() as PolygonGeometry | undefined)?.getCoordinates()[0] ?? [];

/**
 * The site boundary editor (docs/decisions/0027-map-layers.md, "The site boundary"): the customer
 * draws their site as a polygon on the map (OpenLayers Draw: a click per corner, a double-click or
 * "Finish boundary" to close it; Modify to drag a corner), or by keyboard (arrow keys move the map
 * under the crosshair, "Add corner at centre" places a corner there). It shows the area as it grows
 * and the server's own refusal, and reports a boundary the server would take.
 */
export default function BoundaryEditor({ value, site, photosAt, onChange, onUnfinished }: BoundaryEditorProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const toolsRef = useRef<Tools | null>(null);
  const [start] = useState(() => ({ value, site }));
  const [shape, setShape] = useState<Shape>(() => (value ? { phase: "closed", ring: ringOf(value) } : EMPTY));
  const reading = useMemo(() => readBoundary(shape.phase, shape.ring), [shape]);
  const [map, setMap] = useState<OlMap | null>(null);
  // Why the last corner placed was taken back: it made the boundary larger than a site may be.
  // Shown while the corners are those left after it was taken back.
  const [refusal, setRefusal] = useState<{ message: string; corners: number } | null>(null);
  const refused = refusal && shape.phase === "drawing" && reading.corners === refusal.corners ? refusal.message : null;
  const hintId = useId();

  // The last boundary reported, so the parent hears of a change once, not on every pointer move.
  const reported = useRef(JSON.stringify(value));
  const onChangeRef = useRef(onChange);
  const onUnfinishedRef = useRef(onUnfinished);
  useEffect(() => {
    onChangeRef.current = onChange;
    onUnfinishedRef.current = onUnfinished;
  });
  const unfinished = reading.boundary === null && reading.corners > 0;
  useEffect(() => onUnfinishedRef.current?.(unfinished), [unfinished]);
  useEffect(() => {
    const text = JSON.stringify(reading.boundary);
    if (text === reported.current) return;
    reported.current = text;
    onChangeRef.current(reading.boundary);
  }, [reading.boundary]);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const map = createBaseMap(target);
    // The region pans by its own key handler below: at once, so a corner added next lands under the crosshair.
    for (const interaction of map.getInteractions().getArray().slice()) if (interaction instanceof KeyboardPan) map.removeInteraction(interaction);
    // A whole level a press, at once: OpenLayers' animated zoom restarts from wherever the last press
    // had got to, so quick presses (finding one's site from a continent away) would not add up.
    for (const control of map.getControls().getArray().slice()) if (control instanceof Zoom) map.removeControl(control);
    map.addControl(new Zoom({ duration: 0 }));
    // OpenLayers gives its zoom buttons "+" and "–" as names and the words only as titles.
    for (const zoom of target.querySelectorAll<HTMLButtonElement>(".ol-zoom-in, .ol-zoom-out")) zoom.setAttribute("aria-label", zoom.title);

    const source = new VectorSource();
    map.addLayer(new VectorLayer({ source, style: boundaryStyle }));
    const draw = new Draw({ source, type: "Polygon", style: boundaryStyle });
    const modify = new Modify({ source, style: boundaryStyle });
    map.addInteraction(draw);
    map.addInteraction(modify);

    const view = map.getView();
    const opening = initialView(start.value, start.site, getSiteConfig().mapHome);
    if ("extent" in opening) {
      source.addFeature(new Feature(new Polygon([ringOf(start.value!)])));
      draw.setActive(false);
      view.setCenter(getCenter(opening.extent));
      view.fit(opening.extent, { size: map.getSize() ?? [640, 400], padding: [32, 32, 32, 32], maxZoom: 19 });
    } else {
      view.setCenter(opening.centre);
      view.setZoom(opening.zoom);
    }

    const showSketch = (sketch: Feature) => {
      const ring = ringOfFeature(sketch);
      // Without its last point, which follows the pointer (or doubles the last corner added by keyboard), and its closing one.
      const corners = ring.slice(0, -2);
      const placed = readBoundary("drawing", corners);
      if (placed.tooLarge) {
        // Refused at once: the corner that made it too large is taken back, before the ring can be closed.
        setRefusal({ message: placed.error ?? "", corners: placed.corners - 1 });
        queueMicrotask(() => draw.removeLastPoint());
        return;
      }
      setShape({ phase: "drawing", ring: corners });
    };
    // Followed while it is a sketch only: once drawn, the source reports its changes (Modify).
    let following: EventsKey | undefined;
    const stopFollowing = () => {
      if (following) unByKey(following);
      following = undefined;
    };
    draw.on("drawstart", (event) => {
      showSketch(event.feature);
      following = event.feature.on("change", () => showSketch(event.feature));
    });
    draw.on("drawabort", () => {
      stopFollowing();
      setRefusal(null);
      setShape(EMPTY);
    });
    draw.on("drawend", (event) => {
      stopFollowing();
      // One boundary per site: drawing stops until it is cleared.
      draw.setActive(false);
      setShape({ phase: "closed", ring: ringOfFeature(event.feature) });
    });
    source.on("changefeature", (event) => {
      if (event.feature) setShape({ phase: "closed", ring: ringOfFeature(event.feature) });
    });

    toolsRef.current = { map, draw, source };
    setMap(map);
    return () => {
      toolsRef.current = null;
      setMap(null);
      map.setTarget(undefined);
      map.dispose();
    };
  }, [start]);

  const showPlace = (place: Place) => {
    const tools = toolsRef.current;
    if (!tools) return;
    const view = tools.map.getView();
    if (place.bbox) view.fit(transformExtent(place.bbox, "EPSG:4326", "EPSG:3857"), { size: tools.map.getSize() ?? [640, 400], maxZoom: PLACE_ZOOM });
    else {
      view.setCenter(fromLonLat([place.lon, place.lat]));
      view.setZoom(PLACE_ZOOM);
    }
  };

  const addCornerAtCentre = () => {
    const tools = toolsRef.current;
    const centre = tools?.map.getView().getCenter();
    if (tools && centre) tools.draw.appendCoordinates([centre]);
  };
  const removeLastCorner = () => toolsRef.current?.draw.removeLastPoint();
  const finish = () => toolsRef.current?.draw.finishDrawing();
  const clear = () => {
    const tools = toolsRef.current;
    if (!tools) return;
    tools.draw.abortDrawing();
    tools.source.clear();
    tools.draw.setActive(true);
    setRefusal(null);
    setShape(EMPTY);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = PAN_KEYS[event.key];
    const view = toolsRef.current?.map.getView();
    const centre = view?.getCenter();
    const resolution = view?.getResolution();
    if (!direction || !view || !centre || !resolution || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const step = PAN_PIXELS * resolution * (event.shiftKey ? 4 : 1);
    view.setCenter([centre[0]! + direction[0] * step, centre[1]! + direction[1] * step]);
  };

  const drawing = shape.phase === "drawing";
  return (
    <div className="space-y-3">
      <p id={hintId} className="text-sm text-muted-foreground">
        Click the map at each corner of the site; double-click the last corner, or press Finish boundary, to close it. Drag a corner to move it. By keyboard:
        move the map with the arrow keys (+ and − zoom) until the crosshair sits on a corner, then press Add corner at centre.
      </p>
      {getSiteConfig().geocoder ? <PlaceSearch onPlace={showPlace} /> : null}
      {photosAt ? (
        <Button type="button" size="sm" variant="outline" onClick={() => showPlace({ label: "", lat: photosAt.lat, lon: photosAt.lon, bbox: null })}>
          <Images aria-hidden />
          Centre on the job's photos ({photosAt.photoCount} with a position)
        </Button>
      ) : null}
      <div className="relative">
        <div
          ref={targetRef}
          role="region"
          aria-label="Site boundary map"
          aria-describedby={hintId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="h-72 w-full overflow-hidden rounded-md border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:h-96"
        />
        <Crosshair aria-hidden className="pointer-events-none absolute top-1/2 left-1/2 size-6 -translate-x-1/2 -translate-y-1/2 text-foreground drop-shadow" />
      </div>
      <BaseMapBar map={map} />
      <div role="group" aria-label="Boundary tools" className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={shape.phase === "closed"} onClick={addCornerAtCentre}>
          <Crosshair aria-hidden />
          Add corner at centre
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={!drawing} onClick={removeLastCorner}>
          <Undo2 aria-hidden />
          Remove last corner
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={!drawing || reading.corners < 3} onClick={finish}>
          <Check aria-hidden />
          Finish boundary
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={shape.phase === "empty"} onClick={clear}>
          <Eraser aria-hidden />
          Clear boundary
        </Button>
      </div>
      <div role="status" aria-label="Site boundary" className="space-y-1 text-sm">
        <p className="font-semibold">{reading.area ? `Area: ${reading.area}` : drawing ? `Corners: ${reading.corners}` : "No boundary drawn yet."}</p>
        {drawing && reading.area ? <p className="text-muted-foreground">Corners: {reading.corners}. Finish the boundary to use it.</p> : null}
      </div>
      {reading.error || refused ? (
        <p role="alert" className="text-sm text-destructive">
          {reading.error ?? refused}
        </p>
      ) : null}
    </div>
  );
}
