import { z } from "zod";
import { nulMessage } from "./validation";

/** What an admin says a GeoTIFF is (issue 17): each kind is drawn, probed and checked its own way. */
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


const BAND_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

export const mapLayerMessages = {
  kind: `kind must be one of ${MAP_LAYER_KINDS.join(", ")}`,
  title: "Please give the layer a title",
  titleLong: "The title is too long (at most 120 characters)",
  capturedAt: "capturedAt must be a date such as 2026-05-14 or 2026-05-14T10:30:00Z",
  bandName: "Each band name is lowercase letters, digits, - or _ (at most 32), starting with a letter",
  bandsRepeated: "Each band name may appear once",
  bandsNeeded: "A multispectral layer names its bands (for example blue,green,red,rededge,nir)",
  bandsOnlyMultispectral: "Only a multispectral layer names its bands",
} as const;

/**
 * The form fields of POST /api/admin/jobs/:id/layers beside its file, as the browser and the server
 * both check them. `bands` travels comma separated and arrives as a list.
 */
export const mapLayerFieldsSchema = z
  .object({
    kind: z.enum(MAP_LAYER_KINDS, { message: mapLayerMessages.kind }),
    title: z.string().trim().min(1, mapLayerMessages.title).max(120, mapLayerMessages.titleLong).refine((value) => !value.includes("\0"), nulMessage("The title")),
    capturedAt: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value))), mapLayerMessages.capturedAt),
    bands: z
      .string()
      .optional()
      .transform((value) => (value ?? "").split(",").map((name) => name.trim().toLowerCase()).filter(Boolean))
      .refine((names) => names.every((name) => BAND_NAME.test(name)), mapLayerMessages.bandName)
      .refine((names) => new Set(names).size === names.length, mapLayerMessages.bandsRepeated),
  })
  .superRefine((fields, context) => {
    if (fields.kind === "multispectral" && fields.bands.length === 0) context.addIssue({ code: "custom", path: ["bands"], message: mapLayerMessages.bandsNeeded });
    if (fields.kind !== "multispectral" && fields.bands.length > 0) context.addIssue({ code: "custom", path: ["bands"], message: mapLayerMessages.bandsOnlyMultispectral });
  });
export type MapLayerFields = z.output<typeof mapLayerFieldsSchema>;

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
