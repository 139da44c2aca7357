import { Download, Scan } from "lucide-react";
import type { ReactNode } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import { MAP_LAYER_KIND_LABELS } from "@common/map-layer-kinds";
import { Button } from "@/components/ui/button";
import { downloadUrl, formatDay } from "@/lib/format";
import { formatResolution } from "@/lib/map-numbers";
import { isDrawable, type LayerView } from "./layer-state";

/** Where a layer not yet on the map stands: "Queued", "Processing 40%", or "Failed: {reason}". */
function layerStatusText(layer: Pick<MapLayer, "status" | "progress" | "error">): string | null {
  switch (layer.status) {
    case "queued":
      return "Queued";
    case "processing":
      return `Processing ${layer.progress}%`;
    case "failed":
      return `Failed: ${layer.error ?? "the file could not be processed"}`;
    case "ready":
      return null;
  }
}

/** "Thermal · captured Dec 2, 2026 · 4.1 cm/px". */
function layerDetails(layer: Pick<MapLayer, "kind" | "capturedAt" | "resolution">): string {
  return [
    MAP_LAYER_KIND_LABELS[layer.kind],
    layer.capturedAt ? `captured ${formatDay(layer.capturedAt.slice(0, 10))}` : null,
    layer.resolution !== null ? formatResolution(layer.resolution) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

const linkClass = "inline-flex items-center gap-1 text-sm text-primary underline underline-offset-4 hover:no-underline [&_svg]:size-3.5";

function LayerRow({
  layer,
  view,
  onVisible,
  onOpacity,
  actions,
  files,
  onZoom,
}: {
  layer: MapLayer;
  view: LayerView | undefined;
  onVisible: (visible: boolean) => void;
  onOpacity: (opacity: number) => void;
  actions?: ReactNode;
  files: boolean;
  onZoom: (() => void) | undefined;
}) {
  const checkboxId = `map-layer-${layer.id}`;
  const drawable = isDrawable(layer);
  const status = layerStatusText(layer);
  return (
    <li className="space-y-2 border-b border-border/60 pb-3 last:border-b-0 last:pb-0">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-primary"
            checked={drawable && (view?.visible ?? false)}
            disabled={!drawable}
            onChange={(event) => onVisible(event.target.checked)}
          />
          <label htmlFor={checkboxId} className="min-w-0 break-words font-semibold">
            {layer.title}
          </label>
        </div>
        <div className="flex shrink-0 gap-1">
          {drawable && layer.bounds && onZoom ? (
            <Button type="button" variant="ghost" size="icon" aria-label={`Zoom to ${layer.title}`} onClick={onZoom}>
              <Scan aria-hidden />
            </Button>
          ) : null}
          {actions}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{layerDetails(layer)}</p>
      {status ? <p className={layer.status === "failed" ? "text-sm text-destructive" : "hud-label text-primary"}>{status}</p> : null}
      {drawable && view ? (
        <input
          type="range"
          aria-label={`Opacity of ${layer.title}`}
          className="w-full accent-primary"
          min={0}
          max={100}
          step={5}
          value={Math.round(view.opacity * 100)}
          onChange={(event) => onOpacity(Number(event.target.value) / 100)}
        />
      ) : null}
      {files ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <a href={downloadUrl(layer.originalUrl)} className={linkClass} aria-label={`Original of ${layer.title}`}>
            <Download aria-hidden />
            Original
          </a>
          {drawable && layer.cogUrl ? (
            <a href={downloadUrl(layer.cogUrl)} className={linkClass} aria-label={`COG of ${layer.title}`}>
              <Download aria-hidden />
              COG
            </a>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

export interface LayerListProps {
  /** Oldest first, as the API answers: the list shows the topmost (newest) first, as it is drawn. */
  layers: MapLayer[];
  views: Record<number, LayerView>;
  onVisible: (layer: MapLayer, visible: boolean) => void;
  onOpacity: (layer: MapLayer, opacity: number) => void;
  layerActions?: ((layer: MapLayer) => ReactNode) | undefined;
  /** Each layer's Original and COG links (on by default). */
  files?: boolean | undefined;
  /** Fits the map to a layer, shown whole (each drawable layer's "Zoom to" button). */
  onZoom?: ((layer: MapLayer) => void) | undefined;
}

/** The "Layers" fieldset: each layer's visibility, opacity, where it stands, and its files. */
export function LayerList({ layers, views, onVisible, onOpacity, layerActions, files = true, onZoom }: LayerListProps) {
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="hud-label mb-2 text-muted-foreground">Layers</legend>
      <ul className="space-y-3">
        {[...layers].reverse().map((layer) => (
          <LayerRow
            key={layer.id}
            layer={layer}
            view={views[layer.id]}
            onVisible={(visible) => onVisible(layer, visible)}
            onOpacity={(opacity) => onOpacity(layer, opacity)}
            actions={layerActions?.(layer)}
            files={files}
            onZoom={onZoom && (() => onZoom(layer))}
          />
        ))}
      </ul>
    </fieldset>
  );
}
