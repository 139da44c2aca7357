import ScaleLine from "ol/control/ScaleLine";
import { boundingExtent, containsCoordinate, type Extent, extend } from "ol/extent";
import type OlMap from "ol/Map";
import { fromLonLat, toLonLat, transformExtent } from "ol/proj";
import { Columns2, Crosshair, Download, MapPinPlus, Maximize, Minimize, Ruler, SquareDashed, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import type { SiteBoundary } from "@common/site-boundary";
import type { LayoutFeature } from "@common/site-layout";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { createBaseMap } from "./base-map";
import { BaseMapBar } from "./base-map-controls";
import { boundaryPolygon, useBoundaryLayer } from "./boundary-layer";
import { CompareControls, type Comparison, startComparison } from "./compare-controls";
import { renderPng, saveBlob } from "./export-png";
import { type FindingsOverlay, type MapPick, useFindingsLayer } from "./findings-layer";
import { useLayoutLayer } from "./layout-layer";
import { roundToProbe } from "./probe";
import { readWindow } from "./read-pixel";
import { thermalReading } from "./thermal-pick";
import type { LayerView } from "./layer-state";
import { useRasterLayers } from "./raster-layers";
import { attachSwipe } from "./swipe";
import { useMeasure } from "./use-measure";
import { type ProbeAnswer, useProbe } from "./use-probe";
import { MAP_HEIGHT, ViewerFrame } from "./viewer-frame";

export interface SiteMapViewerProps {
  /** Names the PNG of the view: "{title} map.png". */
  jobTitle: string;
  /** The ready layers, bottom (oldest) first. */
  layers: MapLayer[];
  views: Record<number, LayerView>;
  /** The topmost visible layer: the view opens on it, and moves to it when it is out of sight. */
  active: MapLayer | null;
  boundary: SiteBoundary | null;
  /** The layer panel beside the map (the list, the style, the legend). */
  aside: ReactNode;
  /** The job's findings as pins, when the page shows them. */
  findings?: FindingsOverlay;
  /** The last "Zoom to" asked for: the view fits that layer, shown whole (each new request, even for the same layer). */
  zoomTo?: ZoomRequest | null;
  /** The business's own view: it is told when no base map is configured. */
  owner?: boolean;
  /** The site's layout as outlines, while it is shown (docs/decisions/0071-site-layouts.md). */
  layout?: readonly LayoutFeature[] | null;
}

export interface ZoomRequest {
  layerId: number;
  /** Counts the requests, so a second press on one layer fits it again after the person has moved. */
  count: number;
}

/** How many pixels each side of a placed finding its reference temperature is read from. */
const PICK_RADIUS = 7;

const extentOf = (layer: MapLayer): Extent | null => (layer.bounds ? transformExtent(layer.bounds, "EPSG:4326", "EPSG:3857") : null);
const FIT = { padding: [24, 24, 24, 24], maxZoom: 22 };

/** A probe's lines: each probed layer's (named when there are several), then the point. */
function probeText({ rows, point }: ProbeAnswer): string {
  const lines = rows.length ? rows.map((row) => `${rows.length > 1 ? `${row.title}: ` : ""}${row.lines.join("; ")}`) : ["No layer is shown"];
  return [...lines, point].join("\n");
}

/** The map of a job's layers (docs/decisions/0027-map-layers.md), loaded on its own: OpenLayers and geotiff.js come with it. */
export default function SiteMapViewer({
  jobTitle,
  layers,
  views,
  active,
  boundary,
  aside,
  findings,
  zoomTo = null,
  owner = false,
  layout,
}: SiteMapViewerProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState("");

  // Where the view opens (set below, once the site is known): the map's first frame is drawn there,
  // so no base-map tiles are asked for a view of the world that is about to move.
  const opening = useRef<Extent | null>(null);
  useEffect(() => {
    const created = createBaseMap(targetRef.current!);
    if (opening.current) created.getView().fit(opening.current, FIT);
    // A scale bar: what a metre looks like at this zoom, beside the measurements.
    created.addControl(new ScaleLine());
    setMap(created);
    return () => {
      created.setTarget(undefined);
      created.dispose();
    };
  }, []);

  const shown = useMemo(() => {
    const compared = comparison ? new Set([comparison.left, comparison.right]) : null;
    return { isShown: (layer: MapLayer) => (compared ? compared.has(layer.id) : (views[layer.id]?.visible ?? false)) };
  }, [comparison, views]);
  const { rasters, unreadable } = useRasterLayers(map, layers, views, shown);
  useBoundaryLayer(map, boundary);
  useLayoutLayer(map, layout);
  const measure = useMeasure(map);
  const probed = useMemo(() => layers.filter(shown.isShown), [layers, shown]);
  const { answer, probeAt } = useProbe(probed, views);
  // Written as plain text on each answer (even one that reads the same), never reconciled by React:
  // a screen reader hears every probe, and a test may clear it between probes.
  const probeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (probeRef.current) probeRef.current.textContent = answer ? probeText(answer) : "";
  }, [answer]);

  // The first view drawn with a layer in it (the benchmark and the browser tests wait for it).
  useEffect(() => {
    if (!map) return;
    const key = map.on("rendercomplete", () => {
      if ([...rasters.current.values()].some(({ layer, source }) => layer.getVisible() && source.getState() === "ready")) setDrawn(true);
    });
    return () => map.un("rendercomplete", key.listener);
  }, [map, rasters]);

  const hitFinding = useFindingsLayer(map, findings);
  // A new finding at a point: the topmost shown thermal layer gives its temperatures there.
  const overlay = useRef(findings);
  overlay.current = findings;
  const thermal = [...probed].reverse().find((layer) => layer.kind === "thermal" && layer.cogUrl);
  const thermalUrl = useRef(thermal?.cogUrl);
  thermalUrl.current = thermal?.cogUrl;
  const pickAt = useCallback(
    async (coordinate: readonly number[]) => {
      void probeAt(coordinate);
      const [lon, lat] = toLonLat([...coordinate]).map(roundToProbe) as [number, number];
      const url = thermalUrl.current;
      const window = url ? await readWindow(url, fromLonLat([lon, lat]), PICK_RADIUS).catch(() => null) : null;
      const pick: MapPick = { lat, lon, ...(window ? thermalReading(window) : { maxTemp: null, refTemp: null }) };
      overlay.current?.onPick(pick);
    },
    [probeAt],
  );

  // A click places a new finding while one is being placed, else chooses the finding under it, else
  // reads the point; a measurement's points are its own.
  const measuring = useRef(false);
  measuring.current = measure.mode !== null;
  useEffect(() => {
    if (!map) return;
    const key = map.on("click", (event) => {
      if (measuring.current) return;
      if (overlay.current?.picking) return void pickAt(event.coordinate);
      const hit = hitFinding(event.pixel);
      if (hit !== null && overlay.current) overlay.current.onSelect(hit);
      else void probeAt(event.coordinate);
    });
    return () => map.un("click", key.listener);
  }, [map, probeAt, pickAt, hitFinding]);

  // The view opens on the job's site: its boundary, else the layers' extent, else its findings. It then
  // moves to a newly active layer that is out of sight; a layer list reloading, or the person panning
  // away, moves nothing.
  const activeId = active?.id ?? null;
  const pins = findings?.pins;
  const site = useMemo(() => {
    if (boundary) return boundaryPolygon(boundary).getExtent();
    const fromLayers = layers.map(extentOf).reduce<Extent | null>((all, extent) => (extent ? (all ? extend([...all], extent) : extent) : all), null);
    if (fromLayers || !pins?.length) return fromLayers;
    // Findings without a layer or a site drawn (an import before the maps): the view opens on them.
    return boundingExtent(pins.map((pin) => fromLonLat([pin.lon, pin.lat])));
  }, [boundary, layers, pins]);
  const activeExtent = useMemo(() => active && extentOf(active), [active]);
  opening.current = site ?? activeExtent;
  const fittedFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!map) return;
    const view = map.getView();
    if (fittedFor.current === undefined) {
      const opening = site ?? activeExtent;
      if (!opening) return;
      fittedFor.current = activeId;
      view.fit(opening, FIT);
      return;
    }
    if (fittedFor.current === activeId || !activeExtent) return;
    fittedFor.current = activeId;
    const centre = view.getCenter();
    if (centre && containsCoordinate(activeExtent, centre)) return;
    view.fit(activeExtent, FIT);
  }, [map, site, activeExtent, activeId]);

  // "Zoom to" a layer: the view fits it whole, wherever the person had moved.
  const zoomLayers = useRef(layers);
  zoomLayers.current = layers;
  useEffect(() => {
    const layer = zoomTo && zoomLayers.current.find((candidate) => candidate.id === zoomTo.layerId);
    const extent = layer && extentOf(layer);
    if (!map || !extent) return;
    fittedFor.current = layer.id;
    map.getView().fit(extent, { ...FIT, duration: 0 });
  }, [map, zoomTo]);

  const swipe = useRef(0.5);
  swipe.current = comparison?.position ?? 0.5;
  useEffect(() => {
    const left = comparison && rasters.current.get(comparison.left);
    const right = comparison && rasters.current.get(comparison.right);
    if (!map || !left || !right) return;
    return attachSwipe(map, left.layer, right.layer, () => swipe.current);
  }, [map, rasters, comparison?.left, comparison?.right, comparison]);
  useEffect(() => map?.render(), [map, comparison?.position]);

  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === frameRef.current);
    document.addEventListener("fullscreenchange", changed);
    return () => document.removeEventListener("fullscreenchange", changed);
  }, []);
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen().catch(() => undefined);
  };

  const probeCentre = () => {
    const centre = map?.getView().getCenter();
    if (centre) void probeAt(centre);
  };
  const onMapKey = (event: KeyboardEvent) => {
    if (event.key === "Enter" && event.target === event.currentTarget) probeCentre();
  };

  const downloadPng = async () => {
    if (!map) return;
    setExporting(true);
    setExportError("");
    try {
      saveBlob(await renderPng(map), `${jobTitle} map.png`);
    } catch {
      setExportError("The PNG could not be made; please try again.");
    } finally {
      setExporting(false);
    }
  };

  return (
    <ViewerFrame frameRef={frameRef} fullScreen={fullScreen} aside={aside}>
      <div role="toolbar" aria-label="Map tools" className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant={measure.mode === "distance" ? "default" : "outline"}
          size="sm"
          aria-pressed={measure.mode === "distance"}
          onClick={() => measure.toggle("distance")}
        >
          <Ruler aria-hidden />
          Measure distance
        </Button>
        <Button
          type="button"
          variant={measure.mode === "area" ? "default" : "outline"}
          size="sm"
          aria-pressed={measure.mode === "area"}
          onClick={() => measure.toggle("area")}
        >
          <SquareDashed aria-hidden />
          Measure area
        </Button>
        <Button
          type="button"
          variant={comparison ? "default" : "outline"}
          size="sm"
          aria-pressed={comparison !== null}
          disabled={layers.length < 2}
          onClick={() => setComparison((current) => (current ? null : startComparison(layers, views)))}
        >
          <Columns2 aria-hidden />
          Compare
        </Button>
        <Button type="button" variant="outline" size="sm" aria-pressed={fullScreen} onClick={toggleFullScreen}>
          {fullScreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
          Full screen
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={exporting || !map} onClick={() => void downloadPng()}>
          <Download aria-hidden />
          Download PNG
        </Button>
      </div>
      {exportError ? <p className="text-sm text-destructive">{exportError}</p> : null}
      {measure.mode ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={measure.addPointAtCentre}>
            <Crosshair aria-hidden />
            Add point at centre
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={!measure.drawing} onClick={measure.finish}>
            Finish measurement
          </Button>
          <p className="text-sm text-muted-foreground">Click the map for each point and double-click the last one, or move the map and add its centre.</p>
        </div>
      ) : null}
      {comparison ? <CompareControls layers={layers} comparison={comparison} onChange={setComparison} /> : null}
      {findings?.picking ? (
        <div role="group" aria-label="Place the finding" className="flex flex-wrap items-center gap-2 rounded-md border border-primary/60 bg-primary/10 p-2">
          <p className="text-sm">
            {thermal ? `Click the map where the finding is: ${thermal.title} gives its temperatures.` : "Click the map where the finding is."}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => map && void pickAt(map.getView().getCenter() ?? [0, 0])}>
            <MapPinPlus aria-hidden />
            Place at centre
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={findings.onCancelPick}>
            <X aria-hidden />
            Cancel
          </Button>
        </div>
      ) : null}
      <div
        ref={targetRef}
        role="region"
        aria-label="Site map"
        // Arrow keys pan and +/- zoom once the map has focus; Enter reads the centre.
        tabIndex={0}
        data-drawn={drawn}
        data-picking={findings?.picking ? true : undefined}
        onKeyDown={onMapKey}
        className={cn(
          fullScreen ? "h-[calc(100vh-14rem)] min-h-72" : MAP_HEIGHT,
          "group relative overflow-hidden rounded-lg border bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        )}
      >
        <span
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-1/2 z-10 size-6 -translate-x-1/2 -translate-y-1/2 opacity-0 group-focus-visible:opacity-100"
        >
          <span className="absolute top-1/2 left-0 h-0.5 w-full -translate-y-1/2 bg-white shadow-[0_0_0_1px_rgb(15_23_42)]" />
          <span className="absolute top-0 left-1/2 h-full w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(15_23_42)]" />
        </span>
      </div>
      <BaseMapBar map={map} owner={owner} />
      {unreadable.length ? (
        <p role="alert" className="text-sm text-destructive">
          {`The map could not read ${layers
            .filter((layer) => unreadable.includes(layer.id))
            .map((layer) => layer.title)
            .join(", ")}. Please reload the page.`}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button type="button" variant="outline" size="sm" onClick={probeCentre}>
          <Crosshair aria-hidden />
          Probe centre
        </Button>
        <p className="text-sm text-muted-foreground">Or click or tap the map to read the value at a point.</p>
      </div>
      <div ref={probeRef} role="status" aria-label="Probe" className="min-h-6 font-mono text-sm whitespace-pre-line tabular-nums" />
      <div role="status" aria-label="Measurement" className="font-mono text-sm tabular-nums">
        {measure.text}
      </div>
    </ViewerFrame>
  );
}
