import type { Finding } from "@common/contract/findings";
import { type FindingClass, type FindingSeverity, findingMessages } from "@common/findings";
import type { FindingFields } from "./api/write-findings";

/** The form's fields as typed: text, "" for nothing. */
export interface FindingFormState {
  class: FindingClass;
  /** "" leaves it to ΔT. */
  severity: FindingSeverity | "";
  severityReason: string;
  lat: string;
  lon: string;
  locator: string;
  maxTemp: string;
  refTemp: string;
  deltaT: string;
  indexValue: string;
  powerLoss: string;
  mediaIds: number[];
  note: string;
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** A point chosen on the map, with what the thermal layer read there. */
export interface PlacedPoint {
  lat: number;
  lon: number;
  maxTemp: number | null;
  refTemp: number | null;
}

/** ΔT from the two temperatures, to two decimals, when both are known and the hot one is hotter. */
export const deltaTOf = (maxTemp: number | null, refTemp: number | null): number | null =>
  maxTemp === null || refTemp === null ? null : Math.max(0, Math.round((maxTemp - refTemp) * 100) / 100);

/** A new finding's form: empty, or filled from the point placed on the map. */
export function newFindingState(point: PlacedPoint | null): FindingFormState {
  return {
    class: "hot_spot",
    severity: "",
    severityReason: "",
    lat: text(point?.lat),
    lon: text(point?.lon),
    locator: "",
    maxTemp: text(point?.maxTemp),
    refTemp: text(point?.refTemp),
    deltaT: text(point ? deltaTOf(point.maxTemp, point.refTemp) : null),
    indexValue: "",
    powerLoss: "",
    mediaIds: [],
    note: "",
  };
}

/** The form of a finding being edited, from what it holds. */
export function findingState(finding: Finding): FindingFormState {
  return {
    class: finding.class,
    severity: finding.severity,
    severityReason: finding.severityReason,
    lat: text(finding.lat),
    lon: text(finding.lon),
    locator: finding.locator,
    maxTemp: text(finding.maxTemp),
    refTemp: text(finding.refTemp),
    deltaT: text(finding.deltaT),
    indexValue: text(finding.indexValue),
    powerLoss: text(finding.powerLoss),
    mediaIds: finding.mediaIds,
    note: finding.note,
  };
}

const NUMBER_FIELDS = ["lat", "lon", "maxTemp", "refTemp", "deltaT", "indexValue", "powerLoss"] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

/** Why a typed number cannot be sent: the server's own words (common/findings.ts). */
const numberProblem = (field: NumberField) => (field === "lat" ? findingMessages.lat : field === "lon" ? findingMessages.lon : findingMessages.number(field));

/**
 * The fields to send (every one for a new finding; for an edit, those that changed), or the number
 * fields that are not numbers. The server checks the rest and names what it refuses.
 */
export function fieldsToSend(
  state: FindingFormState,
  original?: FindingFormState,
): { fields: FindingFields } | { errors: Partial<Record<NumberField, string>> } {
  const errors: Partial<Record<NumberField, string>> = {};
  const numbers = {} as Record<NumberField, number | null>;
  for (const field of NUMBER_FIELDS) {
    const typed = state[field].trim().replace(",", ".");
    const value = typed === "" ? null : Number(typed);
    if ((value === null && (field === "lat" || field === "lon")) || (value !== null && !Number.isFinite(value))) errors[field] = numberProblem(field);
    numbers[field] = value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const fields: FindingFields = {
    class: state.class,
    severity: state.severity === "" ? null : state.severity,
    severityReason: state.severityReason.trim(),
    ...numbers,
    lat: numbers.lat!,
    lon: numbers.lon!,
    locator: state.locator.trim(),
    mediaIds: state.mediaIds,
    note: state.note.trim(),
  };
  if (!original) return { fields };
  const before = fieldsToSend(original);
  if (!("fields" in before)) return { fields };
  return {
    fields: Object.fromEntries(
      Object.entries(fields).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before.fields[key as keyof FindingFields])),
    ),
  };
}
