import { guardFormula } from "@common/spreadsheet-text";
import { FINDING_INPUT_FIELDS } from "@common/finding-input";
import type { PublicFinding } from "./read-findings";

/**
 * The columns of our CSV export, and the properties of our GeoJSON and KML, named as the API names
 * the fields. An import reads the same names unless a mapping renames them; `id` and `imageUrls`
 * are written for people and ignored on the way back in.
 */
export const EXPORT_COLUMNS = ["id", ...FINDING_INPUT_FIELDS, "imageUrls"] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Columns read as numbers, from text in a CSV or KML. */
export const NUMBER_COLUMNS: ReadonlySet<string> = new Set(["lat", "lon", "maxTemp", "refTemp", "deltaT", "indexValue", "powerLoss"]);
/** Columns of free text a person typed. */
const TEXT_COLUMNS: ReadonlySet<string> = new Set(["severityReason", "dismissReason", "locator", "note"]);

/** mediaIds and imageUrls as one cell: values apart by a semicolon. */
const LIST_SEPARATOR = ";";

/** One finding as the cells of a CSV row or the values of KML's ExtendedData: text, empty for none. */
export function findingCells(finding: PublicFinding, origin: string): Record<ExportColumn, string> {
  const cells = {} as Record<ExportColumn, string>;
  for (const column of EXPORT_COLUMNS) {
    if (column === "imageUrls") cells[column] = finding.images.map((image) => `${origin}${image.url}`).join(LIST_SEPARATOR);
    else if (column === "mediaIds") cells[column] = finding.mediaIds.join(LIST_SEPARATOR);
    else if (column === "polygon") cells[column] = finding.polygon ? JSON.stringify(finding.polygon) : "";
    else {
      const value = finding[column];
      cells[column] = value === null ? "" : TEXT_COLUMNS.has(column) ? guardFormula(String(value)) : String(value);
    }
  }
  return cells;
}

/** One finding's GeoJSON properties: the API's values as they are, with the images' full URLs. */
export function findingProperties(finding: PublicFinding, origin: string): Record<string, unknown> {
  const properties: Record<string, unknown> = { id: finding.id };
  for (const field of FINDING_INPUT_FIELDS) if (field !== "lat" && field !== "lon") properties[field] = finding[field];
  properties.imageUrls = finding.images.map((image) => `${origin}${image.url}`);
  return properties;
}
