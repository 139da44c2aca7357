// The kinds of map layer, where a layer's processing stands, and the plant indices a layer's bands
// allow. Plain data, without zod, so a job's map does not load the validation library.

/** What an admin says a GeoTIFF is: each kind is drawn, probed and checked its own way. */
export const MAP_LAYER_KINDS = ["orthomosaic", "elevation", "multispectral", "thermal"] as const;
export type MapLayerKind = (typeof MAP_LAYER_KINDS)[number];

export const MAP_LAYER_KIND_LABELS: Record<MapLayerKind, string> = {
  orthomosaic: "Orthomosaic",
  elevation: "Elevation",
  multispectral: "Multispectral",
  thermal: "Thermal",
};

/** queued → processing → ready, or failed with its reason. */
export const MAP_LAYER_STATUSES = ["queued", "processing", "ready", "failed"] as const;
export type MapLayerStatus = (typeof MAP_LAYER_STATUSES)[number];

/** The plant-health indices the viewer computes in the browser, and the bands each needs. */
export const PLANT_INDICES = {
  ndvi: { label: "NDVI", bands: ["nir", "red"], range: [-1, 1] },
  ndre: { label: "NDRE", bands: ["nir", "rededge"], range: [-1, 1] },
  vari: { label: "VARI", bands: ["green", "red", "blue"], range: [-1, 1] },
} as const;
export type PlantIndex = keyof typeof PLANT_INDICES;

/** The indices a layer's bands allow (VARI is also what an RGB orthomosaic allows). */
export function indicesFor(bands: readonly string[]): PlantIndex[] {
  return (Object.keys(PLANT_INDICES) as PlantIndex[]).filter((index) => PLANT_INDICES[index].bands.every((band) => bands.includes(band)));
}
