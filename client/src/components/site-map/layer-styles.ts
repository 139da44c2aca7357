import type { BandStats, MapLayer } from "@common/contract/map-layers";
import { ELEVATION_RAMP, INDEX_RAMP, type Ramp, TEMPERATURE_RAMP } from "@common/colour-ramps";
import { indicesFor, PLANT_INDICES, type PlantIndex } from "@common/map-layer-kinds";

/** How a layer is drawn: a colour picture, a measured quantity on a ramp, or a plant-health index. */
export type LayerDisplay = "true-colour" | "elevation" | "temperature" | "band" | PlantIndex;

/** What the viewer holds per layer beside visibility: the display and its ramp's range. */
export interface LayerStyleState {
  display: LayerDisplay;
  /** The ramp's low and high ends, in the display's unit (m, °C, or the index). */
  min: number;
  max: number;
  /** Elevation only: light the relief from the north-west. */
  hillshade: boolean;
}

const RAMPS: Partial<Record<LayerDisplay, Ramp>> = {
  elevation: ELEVATION_RAMP,
  temperature: TEMPERATURE_RAMP,
  ndvi: INDEX_RAMP,
  ndre: INDEX_RAMP,
  vari: INDEX_RAMP,
};

export const isIndex = (display: LayerDisplay): display is PlantIndex => display in PLANT_INDICES;

/** The choices of the "Index" select for a layer; none for elevation and thermal. */
export function displayOptions(layer: Pick<MapLayer, "kind" | "bands">): { value: LayerDisplay; label: string }[] {
  const indices = layer.kind === "orthomosaic" ? (["vari"] as const) : layer.kind === "multispectral" ? indicesFor(layer.bands) : [];
  if (!indices.length && layer.kind !== "orthomosaic") return [];
  return [
    ...(hasColour(layer) ? [{ value: "true-colour" as const, label: "True colour" }] : []),
    ...indices.map((index) => ({ value: index, label: PLANT_INDICES[index].label })),
  ];
}

function hasColour(layer: Pick<MapLayer, "kind" | "bands">): boolean {
  return layer.kind === "orthomosaic" || ["red", "green", "blue"].every((band) => layer.bands.includes(band));
}

export const statsOf = (layer: Pick<MapLayer, "stats">, name?: string): BandStats | undefined =>
  name ? layer.stats?.find((stats) => stats.name === name) : layer.stats?.[0];

/** A layer's ramp range to start from: its statistics for measured quantities, the index's full range otherwise. */
export function defaultRange(layer: Pick<MapLayer, "stats">, display: LayerDisplay): [number, number] {
  if (isIndex(display)) return [...PLANT_INDICES[display].range];
  const stats = statsOf(layer);
  if (stats && stats.max > stats.min) return [stats.min, stats.max];
  return stats ? [stats.min - 0.5, stats.min + 0.5] : [0, 1];
}

/**
 * How a layer first shows: measured quantities on their ramp; a multispectral layer in true colour
 * when it has red, green and blue (an index is one choice away), else its first index.
 */
export function defaultStyle(layer: Pick<MapLayer, "kind" | "bands" | "stats">): LayerStyleState {
  const options = displayOptions(layer);
  const display: LayerDisplay = layer.kind === "elevation" ? "elevation" : layer.kind === "thermal" ? "temperature" : (options[0]?.value ?? "band");
  const [min, max] = defaultRange(layer, display);
  return { display, min, max, hillshade: layer.kind === "elevation" };
}

/** A legend's figure: its caption, the ramp as a CSS gradient, and the ends' texts. */
export interface LegendData {
  caption: string;
  gradient: string;
  low: string;
  high: string;
}

const CAPTIONS: Partial<Record<LayerDisplay, string>> = {
  elevation: "Elevation (m)",
  temperature: "Temperature (°C)",
  ndvi: "NDVI",
  ndre: "NDRE",
  vari: "VARI",
};

/** The legend of a display (none for colour pictures): metres and degrees to 1 decimal, indices to 2. */
export function legendFor(style: LayerStyleState): LegendData | null {
  const ramp = RAMPS[style.display];
  const caption = CAPTIONS[style.display];
  if (!ramp || !caption) return null;
  const decimals = isIndex(style.display) ? 2 : 1;
  const stops = ramp.map(([at, [r, g, b]]) => `rgb(${r} ${g} ${b}) ${Math.round(at * 100)}%`).join(", ");
  return { caption, gradient: `linear-gradient(to right, ${stops})`, low: style.min.toFixed(decimals), high: style.max.toFixed(decimals) };
}
