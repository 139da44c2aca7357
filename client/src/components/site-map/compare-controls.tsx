import { useId } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import { NativeSelect } from "@/components/ui/input";
import { activeLayer, type LayerView } from "./layer-state";

/** Two layers side by side: `left` shows left of the swipe line, `right` right of it. */
export interface Comparison {
  left: number;
  right: number;
  /** Where the line is, 0–1 across the map. */
  position: number;
}

/** Starts with the active layer on the right and the one under it (or the one above) on the left. */
export function startComparison(layers: MapLayer[], views: Record<number, LayerView>): Comparison | null {
  const right = activeLayer(layers, views) ?? layers.at(-1);
  if (!right) return null;
  const index = layers.indexOf(right);
  const left = layers[index - 1] ?? layers[index + 1] ?? right;
  return { left: left.id, right: right.id, position: 0.5 };
}

function LayerSelect({ label, layers, value, onChange }: { label: string; layers: MapLayer[]; value: number; onChange: (id: number) => void }) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="hud-label block text-muted-foreground">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {[...layers].reverse().map((layer) => (
          <option key={layer.id} value={layer.id}>
            {layer.title}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The layers compared and the swipe line's position (a range: the keyboard moves it too). */
export function CompareControls({ layers, comparison, onChange }: { layers: MapLayer[]; comparison: Comparison; onChange: (comparison: Comparison) => void }) {
  const swipeId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <LayerSelect label="Left layer" layers={layers} value={comparison.left} onChange={(left) => onChange({ ...comparison, left })} />
      <LayerSelect label="Right layer" layers={layers} value={comparison.right} onChange={(right) => onChange({ ...comparison, right })} />
      <div className="min-w-0 space-y-1">
        <label htmlFor={swipeId} className="hud-label block text-muted-foreground">
          Swipe position
        </label>
        <input
          id={swipeId}
          type="range"
          className="h-10 w-full accent-primary"
          min={0}
          max={100}
          step={1}
          value={Math.round(comparison.position * 100)}
          onChange={(event) => onChange({ ...comparison, position: Number(event.target.value) / 100 })}
        />
      </div>
    </div>
  );
}
