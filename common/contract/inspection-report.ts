import { z } from "zod";
import {
  CLOUD_UNITS,
  CONDITION_FIELDS,
  CONDITION_RANGES,
  type ConditionField,
  INSPECTION_REPORT_STATUSES,
  inspectionMessages,
  OKTAS_MAX,
} from "../inspection-report";
import { nulMessage } from "../validation";
import { id, isoDate, successMessageOf, successOf } from "./wire";
import { oneLine } from "../one-line";

const NAME_MAX = 120;

const measured = (field: ConditionField) =>
  z
    .number({ message: inspectionMessages.range(field) })
    .min(CONDITION_RANGES[field].min, inspectionMessages.range(field))
    .max(CONDITION_RANGES[field].max, inspectionMessages.range(field))
    .nullable();

const name = (field: string) =>
  oneLine(field, `${field} must be text`)
    .max(NAME_MAX, inspectionMessages.tooLong(field, NAME_MAX))
    .refine((value) => !value.includes("\0"), nulMessage(field));

/**
 * PUT /api/admin/jobs/:id/inspection-conditions: the flight's conditions, each measurement null when
 * not recorded (the report then warns). Cloud cover in oktas is a whole number up to 8.
 */
export const inspectionConditionsInputSchema = z
  .object({
    irradiance: measured("irradiance"),
    ambientTemp: measured("ambientTemp"),
    windSpeed: measured("windSpeed"),
    cloudCover: measured("cloudCover"),
    cloudUnit: z.enum(CLOUD_UNITS, { message: inspectionMessages.cloudUnit }).default("oktas"),
    aircraft: name("aircraft").default(""),
    camera: name("camera").default(""),
  })
  .superRefine((input, context) => {
    if (input.cloudUnit === "oktas" && input.cloudCover !== null && (!Number.isInteger(input.cloudCover) || input.cloudCover > OKTAS_MAX)) {
      context.addIssue({ code: "custom", path: ["cloudCover"], message: inspectionMessages.oktas });
    }
  });
export type InspectionConditionsInput = z.input<typeof inspectionConditionsInputSchema>;

const conditionsSchema = z.object({
  jobId: id,
  irradiance: z.number().nullable(),
  ambientTemp: z.number().nullable(),
  windSpeed: z.number().nullable(),
  cloudCover: z.number().nullable(),
  cloudUnit: z.enum(CLOUD_UNITS),
  aircraft: z.string(),
  camera: z.string(),
  /** The measurements not recorded yet: the report warns while any is missing. */
  missing: z.array(z.enum(CONDITION_FIELDS)),
  /** Null until first recorded. */
  updatedAt: isoDate.nullable(),
});
export type InspectionConditions = z.input<typeof conditionsSchema>;

/** GET and PUT /api/admin/jobs/:id/inspection-conditions. */
export const inspectionConditionsAnswerSchema = successOf(conditionsSchema);

/** One version of a job's generated inspection report. */
const inspectionReportVersionSchema = z.object({
  id,
  version: z.number().int().positive(),
  status: z.enum(INSPECTION_REPORT_STATUSES),
  /** What the report lacks (the conditions not recorded); printed in the PDF as well. */
  warnings: z.array(z.string()),
  /** Why generation failed, when it did. */
  error: z.string(),
  /** The published report (GET /api/reports, /api/files/reports/{id}); null until published. */
  reportId: id.nullable(),
  findingCount: z.number().int().min(0).nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type InspectionReportVersion = z.input<typeof inspectionReportVersionSchema>;

/** GET /api/admin/jobs/:id/report: every version, newest first, and what a new one would warn about now. */
export const inspectionReportStateSchema = successOf(z.object({ versions: z.array(inspectionReportVersionSchema), warnings: z.array(z.string()) }));
export type InspectionReportState = z.input<typeof inspectionReportStateSchema>["data"];

/** POST /api/admin/jobs/:id/report: the version queued, with its warnings. */
export const inspectionReportQueuedSchema = successMessageOf(inspectionReportVersionSchema);
