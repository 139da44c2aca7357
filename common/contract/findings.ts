import { z } from "zod";
import { COUNTED_STATUSES, FINDING_CLASSES, FINDING_IMAGE_KINDS, FINDING_SEVERITIES, FINDING_STATUSES } from "../findings";
import { id, isoDate, successOf } from "./wire";

const status = z.enum(FINDING_STATUSES);

/** One change of a finding: who, when, the status move if any, the fields changed, and the note. Never edited. */
const findingEventSchema = z.object({
  id,
  at: isoDate,
  by: id.nullable(),
  byName: z.string(),
  /** Null when the finding was created. */
  from: status.nullable(),
  to: status,
  /** The fields this change wrote (on creation: none). */
  fields: z.array(z.string()),
  note: z.string(),
});

/**
 * An image of the finding: a crop of the job's thermal layer (on its ramp, with a temperature
 * scale) or of its orthomosaic, drawn by the server, or one of the job's photos the business
 * attached. Size in pixels; a photo's is not known (null).
 */
export const findingImageSchema = z.object({
  kind: z.enum(FINDING_IMAGE_KINDS),
  title: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** A fault found on a job, placed on the map, with its repair life cycle and history. */
export const findingSchema = z.object({
  id,
  jobId: id,
  class: z.enum(FINDING_CLASSES),
  severity: z.enum(FINDING_SEVERITIES),
  /** Why the severity differs from the one ΔT gives; empty when it does not. */
  severityReason: z.string(),
  status,
  dismissReason: z.string(),
  lat: z.number(),
  lon: z.number(),
  polygon: z.object({ type: z.literal("Polygon"), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }).nullable(),
  locator: z.string(),
  maxTemp: z.number().nullable(),
  refTemp: z.number().nullable(),
  deltaT: z.number().nullable(),
  indexValue: z.number().nullable(),
  powerLoss: z.number().nullable(),
  mediaIds: z.array(id),
  /** The crops first (thermal, visual), then the photos. */
  images: z.array(findingImageSchema),
  /** The job's ready layers a crop was looked for in but that do not cover the finding (their titles): the page says no crop could be made. */
  outsideLayers: z.array(z.string()),
  note: z.string(),
  history: z.array(findingEventSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Finding = z.input<typeof findingSchema>;

/** How many of the findings are in each state a customer sees (candidates are never counted). */
const findingCountsSchema = z.object(
  Object.fromEntries(COUNTED_STATUSES.map((state) => [state, z.number().int().min(0)])) as Record<(typeof COUNTED_STATUSES)[number], z.ZodNumber>,
);

/** GET /api/jobs/:id/findings, GET /api/admin/jobs/:id/findings: the list and its counts by state. */
export const findingListSchema = z.object({ success: z.literal(true), data: z.array(findingSchema), counts: findingCountsSchema });

/** POST and PATCH: the finding as stored. */
export const findingWrittenSchema = successOf(findingSchema);

/** POST /api/admin/jobs/:id/findings/import: how many findings were added. */
export const findingsImportedSchema = z.object({ success: z.literal(true), message: z.string(), data: z.array(findingSchema) });

/** GET /api/findings/counts: the customer's findings by state, over all their jobs and per job. */
export const findingCountsAnswerSchema = successOf(
  z.object({ total: findingCountsSchema, jobs: z.array(z.object({ jobId: id, counts: findingCountsSchema })) }),
);

const importErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

/**
 * POST /api/admin/jobs/:id/findings/import?dryRun=true: the file read and checked, nothing written.
 * The import screen maps `columns` onto our fields, shows `preview` and lists `errors` before importing.
 */
export const findingsImportPreviewSchema = successOf(
  z.object({
    columns: z.array(z.string()),
    rows: z.number().int().min(0),
    preview: z.array(z.record(z.string(), z.unknown())),
    errors: z.array(importErrorSchema),
  }),
);
export type FindingsImportPreview = z.input<typeof findingsImportPreviewSchema>["data"];
export type FindingImportError = z.input<typeof importErrorSchema>;

/** An import refused: every bad row, by its number in the file (the first data row or feature is 1), column and reason. */
export const findingImportErrorSchema = z.object({
  message: z.string(),
  errors: z.union([z.array(importErrorSchema), z.record(z.string(), z.string())]).optional(),
});
