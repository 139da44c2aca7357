import { parse } from "csv-parse/sync";
import { FINDING_INPUT_FIELDS, findingInputSchema } from "@common/finding-input";
import { FINDING_CLASSES, type FindingClass, classFitsKind, findingMessages } from "@common/findings";
import { unguardFormula } from "@common/spreadsheet-text";
import { NUMBER_COLUMNS } from "./columns";
import { type FindingValues, type JobForFindings, checkAgainstJob } from "./write-findings";

type Field = (typeof FINDING_INPUT_FIELDS)[number];
/** Our field name → the file's column (or property) name. */
export type ColumnMapping = Partial<Record<Field, string>>;

/** A bad cell: the finding's row (1 for the first finding of the file, after a CSV's header), its column as the file names it, and why. */
interface ImportError {
  row: number;
  column: string;
  message: string;
}

const MAX_IMPORT_ROWS = 5_000;

/** One finding as the file gave it, by our field names, and the column each came from. */
interface RawRow {
  row: number;
  values: Record<string, unknown>;
}

/** A file's findings as read, before any check, and the columns (or properties) the file names. */
interface ReadRows {
  columns: string[];
  rows: RawRow[] | ImportError[];
}

/** Every name that appears, in the order first met. */
const namesOf = (records: Iterable<Iterable<string>>): string[] => {
  const names = new Set<string>();
  for (const record of records) for (const name of record) names.add(name);
  return [...names];
};

/** A text cell (CSV, KML) as the value our schema reads: numbers and lists parsed, empty as absent. */
function fromText(field: Field, text: string): unknown {
  const cell = text.trim();
  if (cell === "") return undefined;
  if (NUMBER_COLUMNS.has(field)) return Number(cell);
  if (field === "mediaIds")
    return cell
      .split(/[;,\s]+/)
      .filter(Boolean)
      .map(Number);
  if (field === "polygon") {
    try {
      return JSON.parse(cell);
    } catch {
      return cell;
    }
  }
  return unguardFormula(cell);
}

function rowsFromCsv(text: string, mapping: ColumnMapping): ReadRows {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: false, relax_column_count: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    return { columns: [], rows: [{ row: Math.max(line - 1, 0), column: "file", message: `This CSV cannot be read: ${(error as Error).message}` }] };
  }
  const [header = [], ...data] = records;
  const missing = (["class", "lat", "lon"] as const).map((field) => mapping[field] ?? field).filter((column) => !header.includes(column));
  if (missing.length > 0) return { columns: header, rows: missing.map((column) => ({ row: 0, column, message: `The CSV has no column ${column}` })) };
  const rows = data.map((cells, index) => {
    const values: Record<string, unknown> = {};
    for (const field of FINDING_INPUT_FIELDS) {
      const at = header.indexOf(mapping[field] ?? field);
      if (at >= 0) values[field] = fromText(field, cells[at] ?? "");
    }
    return { row: index + 1, values };
  });
  return { columns: header, rows };
}

interface Feature {
  type?: unknown;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

function rowsFromGeoJson(text: string, mapping: ColumnMapping): ReadRows {
  let document: { type?: unknown; features?: unknown };
  try {
    document = JSON.parse(text) as typeof document;
  } catch {
    return { columns: [], rows: [{ row: 0, column: "file", message: "This file is neither a CSV nor valid JSON" }] };
  }
  if (document?.type !== "FeatureCollection" || !Array.isArray(document.features))
    return { columns: [], rows: [{ row: 0, column: "file", message: "A GeoJSON import is a FeatureCollection of Points" }] };
  const features = document.features as Feature[];
  const columns = namesOf(features.map((feature) => Object.keys(feature?.properties ?? {})));
  const rows = features.map((feature, index) => {
    const values: Record<string, unknown> = {};
    const properties = feature?.properties ?? {};
    for (const field of FINDING_INPUT_FIELDS) {
      const value = properties[mapping[field] ?? field];
      if (value === undefined) continue;
      values[field] = typeof value === "string" && (NUMBER_COLUMNS.has(field) || field === "mediaIds" || field === "polygon") ? fromText(field, value) : value;
    }
    const coordinates = feature?.geometry?.type === "Point" ? feature.geometry.coordinates : null;
    if (Array.isArray(coordinates) && coordinates.length >= 2) [values.lon, values.lat] = coordinates;
    else values.geometry = null;
    return { row: index + 1, values };
  });
  return { columns, rows };
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** A character reference's character; one past Unicode's last code point reads as the replacement character. */
function referenced(reference: string): string {
  const code = reference[1]?.toLowerCase() === "x" ? Number.parseInt(reference.slice(2), 16) : Number(reference.slice(1));
  return code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
}
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]{1,8}|#\d{1,10}|amp|lt|gt|quot|apos);/gi, (_entity, name: string) =>
    name.startsWith("#") ? referenced(name) : XML_ENTITIES[name.toLowerCase()]!,
  );

/** Our own KML back: each placemark's ExtendedData, read as a CSV row's cells. */
function rowsFromKml(text: string, mapping: ColumnMapping): ReadRows {
  const placemarks = (text.match(/<Placemark\b[\s\S]*?<\/Placemark>/g) ?? []).map((placemark) => {
    const cells = new Map<string, string>();
    for (const [, name, value] of placemark.matchAll(/<Data name="([^"]*)">\s*<value>([\s\S]*?)<\/value>\s*<\/Data>/g))
      cells.set(unescapeXml(name!), unescapeXml(value!));
    return cells;
  });
  const rows = placemarks.map((cells, index) => {
    const values: Record<string, unknown> = {};
    for (const field of FINDING_INPUT_FIELDS) {
      const cell = cells.get(mapping[field] ?? field);
      if (cell !== undefined) values[field] = fromText(field, cell);
    }
    return { row: index + 1, values };
  });
  return { columns: namesOf(placemarks.map((cells) => cells.keys())), rows };
}

/**
 * The job's checks a row can still get when other cells already failed, so each bad cell of the
 * row is named at once: a class of another kind, an image of another job.
 */
function jobErrorsOf(values: Record<string, unknown>, job: JobForFindings, named: ReadonlySet<string>): [string, string][] {
  const errors: [string, string][] = [];
  const findingClass = values.class;
  if (!named.has("class") && (FINDING_CLASSES as readonly unknown[]).includes(findingClass) && !classFitsKind(findingClass as FindingClass, job.kind))
    errors.push(["class", findingMessages.classForKind(job.kind)]);
  const ids = values.mediaIds;
  if (!named.has("mediaIds") && Array.isArray(ids) && ids.some((id) => !job.mediaIds.has(id as number))) errors.push(["mediaIds", findingMessages.mediaIds]);
  return errors;
}

const columnOf = (field: string, mapping: ColumnMapping) => (field === "geometry" ? "geometry" : (mapping[field as Field] ?? field));

/** How many findings a preview shows as the file gives them. */
const PREVIEW_ROWS = 5;

/** A file read and checked without writing anything: what the import screen previews (`?dryRun=true`). */
export interface ImportInspection {
  /** The file's columns (a CSV's header, a GeoJSON's property names, our KML's data names), to map onto our fields. */
  columns: string[];
  /** How many findings the file holds. */
  rows: number;
  /** The first findings by our field names, as read through the mapping and before any check. */
  preview: Record<string, unknown>[];
  findings: FindingValues[];
  errors: ImportError[];
}

/**
 * A file exported by inspection software (or by us), read whole and checked, writing nothing: every
 * finding checked as POST checks one, against the job. The import writes `findings` only when there
 * are no `errors` (all or nothing); a dry run shows all of it.
 */
export function inspectImport(text: string, mapping: ColumnMapping, job: JobForFindings): ImportInspection {
  const start = text.trimStart().replace(/^\uFEFF/, "")[0];
  const read = start === "{" ? rowsFromGeoJson(text, mapping) : start === "<" ? rowsFromKml(text, mapping) : rowsFromCsv(text, mapping);
  const { columns, rows } = read;
  const inspection = (errors: ImportError[], raw: RawRow[] = [], findings: FindingValues[] = []): ImportInspection => ({
    columns,
    rows: raw.length,
    preview: raw.slice(0, PREVIEW_ROWS).map(({ values }) => values),
    findings,
    errors,
  });
  if (rows.length > 0 && !("values" in rows[0]!)) return inspection(rows as ImportError[]);
  const raw = rows as RawRow[];
  if (raw.length === 0) return inspection([{ row: 0, column: "file", message: "The file holds no findings" }]);
  if (raw.length > MAX_IMPORT_ROWS)
    return inspection(
      [{ row: MAX_IMPORT_ROWS + 1, column: "file", message: `An import holds at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} findings` }],
      raw,
    );
  const errors: ImportError[] = [];
  const findings: FindingValues[] = [];
  for (const { row, values } of raw) {
    if ("geometry" in values) errors.push({ row, column: "geometry", message: "Each feature is a Point: [longitude, latitude]" });
    const parsed = findingInputSchema.safeParse(values);
    if (!parsed.success) {
      const named = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "file");
        if (named.has(field)) continue;
        named.add(field);
        errors.push({ row, column: columnOf(field, mapping), message: issue.message });
      }
      for (const [field, message] of jobErrorsOf(values, job, named)) errors.push({ row, column: columnOf(field, mapping), message });
      continue;
    }
    const result = checkAgainstJob(parsed.data, job);
    if ("errors" in result) for (const [field, message] of Object.entries(result.errors)) errors.push({ row, column: columnOf(field, mapping), message });
    else findings.push(result.values);
  }
  return inspection(errors, raw, errors.length > 0 ? [] : findings);
}

/** The form's `mapping`: JSON naming, for some of our fields, the file's column. */
export function parseMapping(text: string | undefined): ColumnMapping | { error: string } {
  if (!text?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'mapping must be JSON: { "ourField": "their column" }' };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: "mapping must be a JSON object" };
  for (const [field, column] of Object.entries(value)) {
    if (!(FINDING_INPUT_FIELDS as readonly string[]).includes(field))
      return { error: `mapping names ${field}, which is not a field of a finding (${FINDING_INPUT_FIELDS.join(", ")})` };
    if (typeof column !== "string" || !column) return { error: `mapping's ${field} must name a column` };
  }
  return value as ColumnMapping;
}
