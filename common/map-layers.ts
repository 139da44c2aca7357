import { z } from "zod";
import { nulMessage } from "./validation";
import { MAP_LAYER_KINDS } from "./map-layer-kinds";
import { oneLine } from "./one-line";

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
    title: oneLine("The title")
      .min(1, mapLayerMessages.title)
      .max(120, mapLayerMessages.titleLong)
      .refine((value) => !value.includes("\0"), nulMessage("The title")),
    capturedAt: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine(
        (value) => value === undefined || (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value))),
        mapLayerMessages.capturedAt,
      ),
    bands: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((name) => name.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((names) => names.every((name) => BAND_NAME.test(name)), mapLayerMessages.bandName)
      .refine((names) => new Set(names).size === names.length, mapLayerMessages.bandsRepeated),
  })
  .superRefine((fields, context) => {
    if (fields.kind === "multispectral" && fields.bands.length === 0)
      context.addIssue({ code: "custom", path: ["bands"], message: mapLayerMessages.bandsNeeded });
    if (fields.kind !== "multispectral" && fields.bands.length > 0)
      context.addIssue({ code: "custom", path: ["bands"], message: mapLayerMessages.bandsOnlyMultispectral });
  });
export type MapLayerFields = z.output<typeof mapLayerFieldsSchema>;
