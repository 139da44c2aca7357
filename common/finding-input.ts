import { z } from "zod";
import {
  type DeltaTThresholds,
  FINDING_CLASSES,
  FINDING_FIELDS,
  FINDING_SEVERITIES,
  type FindingField,
  FINDING_STATUSES,
  type FindingSeverity,
  findingMessages,
  severityForDeltaT,
} from "./findings";
import { siteBoundarySchema } from "./site-boundary";
import { MAX_ID, nulMessage } from "./validation";
import { oneLine } from "./one-line";

const MAX_IMAGES = 50;
const NOTE_MAX = 2_000;
const REASON_MAX = 500;
const LOCATOR_MAX = 200;

const text = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, findingMessages.tooLong(field, max))
    .refine((value) => !value.includes("\0"), nulMessage(field));

const line = (field: string, max: number) =>
  oneLine(field, `${field} must be text`)
    .max(max, findingMessages.tooLong(field, max))
    .refine((value) => !value.includes("\0"), nulMessage(field));

/** A measurement: a finite number, or null when not measured. */
const measured = (field: string, min = -1_000, max = 10_000) =>
  z
    .number({ message: findingMessages.number(field) })
    .min(min, findingMessages.number(field))
    .max(max, findingMessages.number(field))
    .nullable();

/** Every field of a finding as it is written, once: POST takes them with defaults, PATCH each optionally. */
const findingFields = {
  class: z.enum(FINDING_CLASSES, { message: findingMessages.class }),
  /** Null: set from ΔT and the thresholds. */
  severity: z.enum(FINDING_SEVERITIES, { message: findingMessages.severity }).nullable(),
  /** Why the severity is not the one ΔT gives (an admin's override). */
  severityReason: text("severityReason", REASON_MAX),
  status: z.enum(FINDING_STATUSES, { message: findingMessages.status }),
  dismissReason: text("dismissReason", REASON_MAX),
  lat: z.number({ message: findingMessages.lat }).min(-90, findingMessages.lat).max(90, findingMessages.lat),
  lon: z.number({ message: findingMessages.lon }).min(-180, findingMessages.lon).max(180, findingMessages.lon),
  /** An agriculture finding's area, a GeoJSON Polygon (WGS84). */
  polygon: siteBoundarySchema.nullable(),
  /** Block / row / string / module, as the site names them. */
  locator: line("locator", LOCATOR_MAX),
  /** °C. */
  maxTemp: measured("maxTemp"),
  refTemp: measured("refTemp"),
  deltaT: measured("deltaT", 0, 1_000),
  /** The plant-health index's value (NDVI, NDRE…) of an agriculture finding. */
  indexValue: measured("indexValue", -10, 10),
  /** kW. */
  powerLoss: z.number({ message: findingMessages.powerLoss }).min(0, findingMessages.powerLoss).max(1_000_000, findingMessages.powerLoss).nullable(),
  /** The IR and visual images, ids of the job's own media. */
  mediaIds: z
    .array(
      z.number({ message: findingMessages.mediaIds }).int(findingMessages.mediaIds).positive(findingMessages.mediaIds).max(MAX_ID, findingMessages.mediaIds),
      { message: findingMessages.mediaIds },
    )
    .max(MAX_IMAGES, `A finding has at most ${MAX_IMAGES} images`)
    .refine((ids) => new Set(ids).size === ids.length, findingMessages.mediaIdsRepeated),
  note: text("note", NOTE_MAX),
} satisfies Record<FindingField, z.ZodType>;

/** POST /api/admin/jobs/:id/findings, and each row of an import. */
export const findingInputSchema = z
  .object({
    ...findingFields,
    severity: findingFields.severity.default(null),
    severityReason: findingFields.severityReason.default(""),
    status: findingFields.status.default("open"),
    dismissReason: findingFields.dismissReason.default(""),
    polygon: findingFields.polygon.default(null),
    locator: findingFields.locator.default(""),
    maxTemp: findingFields.maxTemp.default(null),
    refTemp: findingFields.refTemp.default(null),
    deltaT: findingFields.deltaT.default(null),
    indexValue: findingFields.indexValue.default(null),
    powerLoss: findingFields.powerLoss.default(null),
    mediaIds: findingFields.mediaIds.default([]),
    note: findingFields.note.default(""),
  })
  .superRefine((finding, context) => {
    if (finding.status === "dismissed" && !finding.dismissReason)
      context.addIssue({ code: "custom", path: ["dismissReason"], message: findingMessages.dismissReason });
  });
export type FindingInput = z.output<typeof findingInputSchema>;

/** The fields an import may name, in our export's order (common/findings.ts names them for the browser, without zod). */
export const FINDING_INPUT_FIELDS: readonly FindingField[] = FINDING_FIELDS;

/** PATCH /api/admin/findings/:id: any field, the status, and a comment kept in the history. */
export const findingPatchSchema = z
  .object(findingFields)
  .partial()
  .extend({ comment: text("comment", NOTE_MAX).default("") })
  .refine((patch) => Object.entries(patch).some(([field, value]) => (field !== "comment" ? value !== undefined : value !== "")), {
    path: ["body"],
    message: findingMessages.noChange,
  });
export type FindingPatch = z.output<typeof findingPatchSchema>;

/**
 * PATCH /api/findings/:id: the customer's status (repair planned or repaired) and comment. Other
 * keys are kept, not stripped, so that a customer sending a finding's data is refused (403) rather
 * than half obeyed.
 */
export const findingStatusChangeSchema = z.looseObject({
  status: z.enum(FINDING_STATUSES, { message: findingMessages.status }),
  comment: text("comment", NOTE_MAX).default(""),
});

/** The severity as stored, or the field the finding lacks. */
export type SettledSeverity = { severity: FindingSeverity; severityReason: string } | { field: "severity" | "severityReason"; message: string };

/**
 * A thermal finding's severity follows its ΔT; a severity other than ΔT's is an override and needs
 * a reason. Without ΔT the severity is chosen, and there is nothing to override.
 */
export function settleSeverity(
  finding: { severity: FindingSeverity | null; severityReason: string; deltaT: number | null },
  thresholds: DeltaTThresholds,
): SettledSeverity {
  if (finding.deltaT === null) {
    return finding.severity === null ? { field: "severity", message: findingMessages.severityNeeded } : { severity: finding.severity, severityReason: "" };
  }
  const fromDeltaT = severityForDeltaT(finding.deltaT, thresholds);
  if (finding.severity === null || finding.severity === fromDeltaT) return { severity: fromDeltaT, severityReason: "" };
  if (!finding.severityReason) return { field: "severityReason", message: findingMessages.overrideReason };
  return { severity: finding.severity, severityReason: finding.severityReason };
}
