// Inspection findings (docs/decisions/0030-findings.md): structured faults of a job, each on the
// map with a repair life cycle. The classes, severities, states and the ΔT rule live here once, for
// the client and the server.

import { FINDING_STATUSES, type FindingStatus } from "./finding-status";

export {
  COUNTED_STATUSES,
  CUSTOMER_VISIBLE_STATUSES,
  customerSeesFinding,
  FINDING_STATUS_LABELS,
  FINDING_STATUSES,
  type FindingCounts,
  type FindingStatus,
} from "./finding-status";

/** What a job inspects, read from its service: its findings take the classes of that kind. */
export type ServiceKind = "solar" | "agriculture" | "other";

/** A service's category (catalogue) or a quote request's service type, as the kind its findings belong to. */
export const serviceKindOf = (category: string | null | undefined): ServiceKind => (category === "solar" || category === "agriculture" ? category : "other");

/** The classes of each kind; `other` fits every job. */
const FINDING_CLASSES_BY_KIND = {
  solar: [
    "hot_spot",
    "multiple_hot_spots",
    "bypass_diode",
    "open_module",
    "missing_module",
    "pid",
    "open_string",
    "junction_box",
    "soiling",
    "shading",
    "vegetation",
    "physical_damage",
  ],
  agriculture: ["low_vigour", "water_stress", "pest_disease", "weeds", "drainage", "missing_plants"],
  other: [],
} as const satisfies Record<ServiceKind, readonly string[]>;

export const FINDING_CLASSES = [...FINDING_CLASSES_BY_KIND.solar, ...FINDING_CLASSES_BY_KIND.agriculture, "other"] as const;
export type FindingClass = (typeof FINDING_CLASSES)[number];

export const FINDING_CLASS_LABELS: Record<FindingClass, string> = {
  hot_spot: "Hot spot",
  multiple_hot_spots: "Multiple hot spots",
  bypass_diode: "Bypass diode / substring",
  open_module: "Open module",
  missing_module: "Missing module",
  pid: "PID",
  open_string: "Open string",
  junction_box: "Junction box",
  soiling: "Soiling",
  shading: "Shading",
  vegetation: "Vegetation",
  physical_damage: "Physical damage",
  low_vigour: "Low vigour",
  water_stress: "Water stress",
  pest_disease: "Pest or disease",
  weeds: "Weeds",
  drainage: "Drainage",
  missing_plants: "Missing plants",
  other: "Other",
};

/** Whether a finding of this class may be recorded on a job of this kind. */
export const classFitsKind = (findingClass: FindingClass, kind: ServiceKind): boolean =>
  findingClass === "other" || (FINDING_CLASSES_BY_KIND[kind] as readonly string[]).includes(findingClass);

export const FINDING_SEVERITIES = ["minor", "moderate", "critical"] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const FINDING_SEVERITY_LABELS: Record<FindingSeverity, string> = { minor: "Minor", moderate: "Moderate", critical: "Critical" };

/** The moves of the life cycle. Reopening is the business's answer to a repair that did not hold. */
const FINDING_TRANSITIONS: Record<FindingStatus, readonly FindingStatus[]> = {
  candidate: ["open", "dismissed"],
  open: ["repair_planned", "repaired", "dismissed"],
  repair_planned: ["open", "repaired", "dismissed"],
  repaired: ["open", "repair_planned", "verified"],
  verified: ["open"],
  dismissed: ["open"],
};

/** The customer's own moves: they plan and report repairs; the business verifies and dismisses. */
export const CUSTOMER_FINDING_STATUSES = ["repair_planned", "repaired"] as const satisfies readonly FindingStatus[];
const CUSTOMER_MOVES: Partial<Record<FindingStatus, readonly FindingStatus[]>> = { open: ["repair_planned", "repaired"], repair_planned: ["repaired"] };

export const canMoveFinding = (from: FindingStatus, to: FindingStatus, byCustomer = false): boolean =>
  (byCustomer ? (CUSTOMER_MOVES[from] ?? []) : FINDING_TRANSITIONS[from]).includes(to);

/** The ΔT (°C) from which a thermal finding is moderate, and from which it is critical. */
export interface DeltaTThresholds {
  moderate: number;
  critical: number;
}

/** Below 10 °C minor, 10–20 °C moderate, 20 °C and above critical (FINDINGS_DELTA_T_MODERATE / _CRITICAL change them). */
export const DEFAULT_DELTA_T_THRESHOLDS: DeltaTThresholds = { moderate: 10, critical: 20 };

/** The severity a thermal finding takes from its ΔT unless an admin overrides it with a reason. */
export function severityForDeltaT(deltaT: number, thresholds: DeltaTThresholds = DEFAULT_DELTA_T_THRESHOLDS): FindingSeverity {
  if (deltaT >= thresholds.critical) return "critical";
  if (deltaT >= thresholds.moderate) return "moderate";
  return "minor";
}

/** The fields of a finding as it is written (POST, PATCH, an import's columns), named as the API names them. */
export const FINDING_FIELDS = [
  "class",
  "severity",
  "severityReason",
  "status",
  "dismissReason",
  "lat",
  "lon",
  "polygon",
  "locator",
  "maxTemp",
  "refTemp",
  "deltaT",
  "indexValue",
  "powerLoss",
  "mediaIds",
  "note",
] as const;
export type FindingField = (typeof FINDING_FIELDS)[number];

export const FINDING_FIELD_LABELS: Record<FindingField, string> = {
  class: "Class",
  severity: "Severity",
  severityReason: "Severity reason",
  status: "State",
  dismissReason: "Dismiss reason",
  lat: "Latitude",
  lon: "Longitude",
  polygon: "Area (GeoJSON polygon)",
  locator: "Locator",
  maxTemp: "Max temperature (°C)",
  refTemp: "Reference temperature (°C)",
  deltaT: "ΔT (°C)",
  indexValue: "Index value",
  powerLoss: "Power loss (kW)",
  mediaIds: "Image ids",
  note: "Note",
};

export const findingMessages = {
  notFound: "Finding not found",
  imageNotFound: "This image of the finding does not exist",
  class: `class must be one of ${FINDING_CLASSES.join(", ")}`,
  classForKind: (kind: ServiceKind) => `This job's findings are of the ${kind} classes: ${[...FINDING_CLASSES_BY_KIND[kind], "other"].join(", ")}`,
  severity: `severity must be one of ${FINDING_SEVERITIES.join(", ")}`,
  severityNeeded: "Choose a severity, or give ΔT to have it set from the thresholds",
  overrideReason: "A severity other than ΔT's needs a reason (severityReason)",
  status: `status must be one of ${FINDING_STATUSES.join(", ")}`,
  lat: "Latitude is between -90 and 90",
  lon: "Longitude is between -180 and 180",
  number: (field: string) => `${field} must be a number`,
  powerLoss: "powerLoss is kW, 0 or more",
  polygonOnlyAgriculture: "Only an agriculture finding has an area (polygon)",
  mediaIds: "mediaIds must be the ids of this job's media",
  mediaIdsRepeated: "Each image may be named once",
  dismissReason: "Dismissing a finding needs a reason (dismissReason)",
  illegalMove: (from: FindingStatus, to: FindingStatus) => `A finding cannot move from ${from} to ${to}`,
  customerMove: "You may mark a finding repair planned or repaired; the business verifies or dismisses it",
  customerOnlyStatus: "Customers change a finding's status and comment only",
  statusCallOnly: "This call takes status and comment; change a finding's data with PATCH /api/admin/findings/{id}",
  noChange: "Change a field, the status or add a comment",
  tooLong: (field: string, max: number) => `${field} is at most ${max.toLocaleString("en-US")} characters`,
} as const;

/** What a finding's image shows: a crop of the job's thermal layer or of its orthomosaic (drawn by the server), or a photo of the job the business attached. */
export const FINDING_IMAGE_KINDS = ["thermal", "visual", "photo"] as const;
export type FindingImageKind = (typeof FINDING_IMAGE_KINDS)[number];
/** The kinds the server crops from a layer. */
export const CROP_KINDS = ["thermal", "visual"] as const satisfies readonly FindingImageKind[];
