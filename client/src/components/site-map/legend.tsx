import { legendFor, type LayerStyleState } from "./layer-styles";

/** The active layer's colour ramp, its quantity and its ends; nothing for a colour picture. */
export function Legend({ style }: { style: LayerStyleState }) {
  const legend = legendFor(style);
  if (!legend) return null;
  return (
    <figure aria-label="Legend" className="space-y-1.5">
      <figcaption className="hud-label text-muted-foreground">{legend.caption}</figcaption>
      <div aria-hidden className="h-3 rounded-sm border border-border" style={{ backgroundImage: legend.gradient }} />
      <div className="flex justify-between font-mono text-xs tabular-nums">
        <span>{legend.low}</span>
        <span>{legend.high}</span>
      </div>
    </figure>
  );
}
