import { useId, useState } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import { Input, NativeSelect } from "@/components/ui/input";
import { roundForBox } from "@/lib/map-numbers";
import { displayOptions, isIndex, type LayerDisplay, type LayerStyleState } from "./layer-styles";

const RANGE_LABELS: Partial<Record<LayerDisplay, [string, string]>> = {
  elevation: ["Elevation minimum", "Elevation maximum"],
  temperature: ["Temperature minimum", "Temperature maximum"],
};

function RangeInput({ label, value, step, onChange }: { label: string; value: number; step: number; onChange: (value: number) => void }) {
  const id = useId();
  // An index to hundredths, metres and degrees to tenths: a file's statistic (34.59999847) reads as 34.6.
  const decimals = step < 0.1 ? 2 : 1;
  // The typed text is the person's while it is not a number yet ("-", "0."); a new range from outside replaces it.
  const [text, setText] = useState(String(roundForBox(value, decimals)));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (Number(text) !== value) setText(String(roundForBox(value, decimals)));
  }
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="hud-label block text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value.trim() !== "" && Number.isFinite(next)) onChange(next);
        }}
      />
    </div>
  );
}

export interface LayerStyleControlsProps {
  layer: MapLayer;
  style: LayerStyleState;
  onDisplay: (display: LayerDisplay) => void;
  onStyle: (style: Partial<LayerStyleState>) => void;
}

/**
 * How the active layer is drawn: the index of a multispectral layer or an orthomosaic, and the
 * range its ramp spans (an index's, or metres and degrees), and the relief's hillshade.
 */
export function LayerStyleControls({ layer, style, onDisplay, onStyle }: LayerStyleControlsProps) {
  const selectId = useId();
  const hillshadeId = useId();
  const options = displayOptions(layer);
  const range = isIndex(style.display) ? (["Index minimum", "Index maximum"] as const) : RANGE_LABELS[style.display];
  const step = isIndex(style.display) ? 0.05 : 0.5;
  if (!options.length && !range) return null;
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="hud-label mb-2 text-muted-foreground">Style of {layer.title}</legend>
      {options.length ? (
        <div className="space-y-1">
          <label htmlFor={selectId} className="hud-label block text-muted-foreground">
            Index
          </label>
          <NativeSelect id={selectId} value={style.display} onChange={(event) => onDisplay(event.target.value as LayerDisplay)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {range ? (
        <div className="grid grid-cols-2 gap-3">
          <RangeInput label={range[0]} value={style.min} step={step} onChange={(min) => onStyle({ min })} />
          <RangeInput label={range[1]} value={style.max} step={step} onChange={(max) => onStyle({ max })} />
        </div>
      ) : null}
      {style.display === "elevation" ? (
        <div className="flex items-center gap-2">
          <input
            id={hillshadeId}
            type="checkbox"
            className="size-4 accent-primary"
            checked={style.hillshade}
            onChange={(event) => onStyle({ hillshade: event.target.checked })}
          />
          <label htmlFor={hillshadeId}>Hillshade</label>
        </div>
      ) : null}
    </fieldset>
  );
}
