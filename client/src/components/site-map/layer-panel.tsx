import type { ReactNode } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import { LayerList } from "./layer-list";
import type { LayerViews } from "./layer-state";
import { LayerStyleControls } from "./layer-style-controls";
import { Legend } from "./legend";

export interface LayerPanelProps {
  layers: MapLayer[];
  state: LayerViews;
  /** The topmost visible layer, whose style and legend show. */
  active: MapLayer | null;
  /** What an empty list says. */
  emptyText: string;
  layerActions?: ((layer: MapLayer) => ReactNode) | undefined;
  /** Each layer's Original and COG links (on by default). */
  files?: boolean;
  /** Fits the map to a layer (its row's "Zoom to" button). */
  onZoom?: ((layer: MapLayer) => void) | undefined;
}

/** Beside the map: the layer list, then the active layer's style and legend. */
export function LayerPanel({ layers, state, active, emptyText, layerActions, files, onZoom }: LayerPanelProps) {
  const style = active ? state.views[active.id]?.style : undefined;
  return (
    <>
      {layers.length ? (
        <LayerList
          layers={layers}
          views={state.views}
          onVisible={state.setVisible}
          onOpacity={state.setOpacity}
          layerActions={layerActions}
          files={files}
          onZoom={onZoom}
        />
      ) : (
        <p className="text-muted-foreground">{emptyText}</p>
      )}
      {active && style ? (
        <>
          <LayerStyleControls
            layer={active}
            style={style}
            onDisplay={(display) => state.setDisplay(active, display)}
            onStyle={(change) => state.setStyle(active, change)}
          />
          <Legend style={style} />
        </>
      ) : null}
    </>
  );
}
