import { useCallback, useMemo, useState } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import { defaultRange, defaultStyle, type LayerDisplay, type LayerStyleState } from "./layer-styles";

/** How the viewer shows one layer. */
export interface LayerView {
  visible: boolean;
  /** 0–1. */
  opacity: number;
  style: LayerStyleState;
}

/** A layer the map can draw: processed, with its COG. */
export const isDrawable = (layer: MapLayer): boolean => layer.status === "ready" && layer.cogUrl !== null;

const defaultView = (layer: MapLayer): LayerView => ({ visible: true, opacity: 1, style: defaultStyle(layer) });

/**
 * The active layer: the topmost visible one (the list is oldest first, drawn bottom to top). Its
 * style is the one the controls and the legend show.
 */
export function activeLayer(layers: MapLayer[], views: Record<number, LayerView>): MapLayer | null {
  return layers.findLast((layer) => isDrawable(layer) && views[layer.id]?.visible) ?? null;
}

/**
 * Each layer's view, starting from its defaults (visible, opaque, its kind's display over its
 * statistics) until the person changes it. A layer that becomes ready while the page is open
 * starts from the statistics it arrived with.
 */
export function useLayerViews(layers: MapLayer[]) {
  const [changed, setChanged] = useState<Record<number, LayerView>>({});
  const views = useMemo(() => Object.fromEntries(layers.map((layer) => [layer.id, changed[layer.id] ?? defaultView(layer)])), [layers, changed]);

  const update = useCallback((layer: MapLayer, change: (view: LayerView) => LayerView) => {
    setChanged((previous) => ({ ...previous, [layer.id]: change(previous[layer.id] ?? defaultView(layer)) }));
  }, []);

  const setVisible = useCallback((layer: MapLayer, visible: boolean) => update(layer, (view) => ({ ...view, visible })), [update]);
  const setOpacity = useCallback((layer: MapLayer, opacity: number) => update(layer, (view) => ({ ...view, opacity })), [update]);
  const setStyle = useCallback(
    (layer: MapLayer, style: Partial<LayerStyleState>) => update(layer, (view) => ({ ...view, style: { ...view.style, ...style } })),
    [update],
  );
  /** A new display starts from its own range (an index's -1 to 1, a quantity's statistics). */
  const setDisplay = useCallback(
    (layer: MapLayer, display: LayerDisplay) =>
      update(layer, (view) => {
        const [min, max] = defaultRange(layer, display);
        return { ...view, style: { ...view.style, display, min, max } };
      }),
    [update],
  );

  return { views, setVisible, setOpacity, setStyle, setDisplay };
}

export type LayerViews = ReturnType<typeof useLayerViews>;
