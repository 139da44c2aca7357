import { FINDING_FIELD_LABELS, FINDING_FIELDS, type FindingField } from "@common/findings";

/** Our field → the file's column; a field left out is not in the file. */
export type ColumnMapping = Partial<Record<FindingField, string>>;

/** Names other inspection programs give our fields, as `normalise` leaves them. */
const ALIASES: Partial<Record<FindingField, readonly string[]>> = {
  class: ["type", "anomaly", "anomalytype", "category", "fault", "faulttype"],
  lat: ["latitude", "y"],
  lon: ["longitude", "long", "lng", "x"],
  locator: ["location", "module", "moduleid", "where", "position"],
  maxTemp: ["max", "maxtemperature", "tmax", "hottemp", "temperature"],
  refTemp: ["ref", "reference", "referencetemperature", "tref", "ambient"],
  deltaT: ["dt", "delta", "deltatc", "temperaturedifference"],
  powerLoss: ["loss", "powerlosskw", "kwloss"],
  indexValue: ["ndvi", "index"],
  note: ["notes", "comment", "description", "remarks"],
  mediaIds: ["images", "mediaid"],
};

/** A name as compared: lower case, letters and digits only ("Delta T (C)" → "deltatc"). */
const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * A first mapping for a file's columns: each of our fields to the column named as we name it, as
 * we label it, or as other programs commonly do; a column is given to one field at most.
 */
export function guessMapping(columns: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<string>();
  for (const field of FINDING_FIELDS) {
    const names = [field, FINDING_FIELD_LABELS[field], ...(ALIASES[field] ?? [])].map(normalise);
    const column = columns.find((candidate) => !taken.has(candidate) && names.includes(normalise(candidate)));
    if (column === undefined) continue;
    mapping[field] = column;
    taken.add(column);
  }
  return mapping;
}

/**
 * The mapping for a new file: the one the admin set before, where its columns are in this file
 * (a program exports the same columns each time), and a guess for the fields it does not cover.
 */
export function mappingFor(columns: readonly string[], remembered: ColumnMapping): ColumnMapping {
  const kept = Object.fromEntries(Object.entries(remembered).filter(([, column]) => column !== undefined && columns.includes(column))) as ColumnMapping;
  const guessed = guessMapping(columns.filter((column) => !Object.values(kept).includes(column)));
  return { ...guessed, ...kept };
}

/** The storage key of the mapping an admin set, per admin on this browser. */
const keyOf = (userId: number) => `skyvantage:findings-import-mapping:${userId}`;

/** The mapping this admin set last, or none (storage off, or the value not ours). */
export function rememberedMapping(userId: number, storage: Pick<Storage, "getItem"> = localStorage): ColumnMapping {
  try {
    const value: unknown = JSON.parse(storage.getItem(keyOf(userId)) ?? "{}");
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(([field, column]) => (FINDING_FIELDS as readonly string[]).includes(field) && typeof column === "string" && column),
    ) as ColumnMapping;
  } catch {
    return {};
  }
}

/** Keeps the mapping for this admin's next import; a browser that stores nothing just forgets it. */
export function rememberMapping(userId: number, mapping: ColumnMapping, storage: Pick<Storage, "setItem"> = localStorage): void {
  try {
    storage.setItem(keyOf(userId), JSON.stringify(mapping));
  } catch {
    // Private browsing or a full storage: the mapping is asked again next time.
  }
}
