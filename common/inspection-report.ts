// The generated inspection report of a job (docs/decisions/0032-inspection-report.md) and the
// flight conditions it states. Plain data, without zod, so the admin job page's button and form do
// not load the validation library.

/** Cloud cover is given in oktas (eighths of the sky, 0–8) or as a percentage. */
export const CLOUD_UNITS = ["oktas", "percent"] as const;
export type CloudUnit = (typeof CLOUD_UNITS)[number];

/** The measured conditions an IEC TS 62446-3 report states; without every one of them it is not accepted. */
export const CONDITION_FIELDS = ["irradiance", "ambientTemp", "windSpeed", "cloudCover"] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const CONDITION_LABELS: Record<ConditionField | "aircraft" | "camera", string> = {
  irradiance: "Irradiance (W/m²)",
  ambientTemp: "Ambient temperature (°C)",
  windSpeed: "Wind (m/s)",
  cloudCover: "Cloud cover",
  aircraft: "Aircraft",
  camera: "Camera",
};

/** The range each measured condition may take, once, for the form, the server's schema and its messages. */
export const CONDITION_RANGES: Record<ConditionField, { min: number; max: number }> = {
  irradiance: { min: 0, max: 1_500 },
  ambientTemp: { min: -50, max: 60 },
  windSpeed: { min: 0, max: 60 },
  cloudCover: { min: 0, max: 100 },
};
export const OKTAS_MAX = 8;

export const inspectionMessages = {
  range: (field: ConditionField) => `${field} must be a number from ${CONDITION_RANGES[field].min} to ${CONDITION_RANGES[field].max}`,
  oktas: `cloudCover in oktas is a whole number from 0 to ${OKTAS_MAX}`,
  cloudUnit: `cloudUnit must be one of ${CLOUD_UNITS.join(", ")}`,
  tooLong: (field: string, max: number) => `${field} is at most ${max} characters`,
  missing: (fields: readonly ConditionField[]) =>
    `Inspection conditions not recorded: ${fields.map((field) => CONDITION_LABELS[field]).join(", ")}. An IEC TS 62446-3 report is not accepted without them.`,
  jobNotFound: "Job not found",
} as const;

/** A job's conditions before any are recorded: no measurement, cloud cover in oktas, no aircraft or camera named. */
export const NO_CONDITIONS_RECORDED: Record<ConditionField, number | null> & { cloudUnit: CloudUnit; aircraft: string; camera: string } = {
  irradiance: null,
  ambientTemp: null,
  windSpeed: null,
  cloudCover: null,
  cloudUnit: "oktas",
  aircraft: "",
  camera: "",
};

/** The measured conditions not recorded yet, in the form's order. */
export const missingConditions = (values: Record<ConditionField, number | null> | null): ConditionField[] =>
  CONDITION_FIELDS.filter((field) => values === null || values[field] === null);

/** Cloud cover as people read it: "3/8 (oktas)" or "40 %". */
export const formatCloudCover = (value: number, unit: CloudUnit): string => (unit === "oktas" ? `${value}/8 (oktas)` : `${value} %`);

/**
 * A version of the report: queued (waiting for a worker), generating, published (a report of the
 * job, in the customer's Reports tab once the job is delivered) or failed (the worker gave up).
 */
export const INSPECTION_REPORT_STATUSES = ["queued", "generating", "published", "failed"] as const;

/** The title of a version's report, as the Reports tab lists it. */
export const inspectionReportTitle = (jobTitle: string, version: number): string => `Inspection report v${version} — ${jobTitle}`;
