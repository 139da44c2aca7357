import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { FINDING_CLASS_LABELS, FINDING_SEVERITIES } from "@common/findings";
import { EXPORT_COLUMNS, findingCells, findingProperties } from "./columns";
import type { PublicFinding } from "./read-findings";

/**
 * The CSV, written row by row as the answer is sent (csv-stringify; docs/decisions/0030-findings.md):
 * a header of our column names, then one row per finding, the images as full links.
 */
export function findingsCsv(findings: readonly PublicFinding[], origin: string): Readable {
  const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], bom: false });
  Readable.from(findings.map((finding) => findingCells(finding, origin))).pipe(csv);
  return csv;
}

/** A GeoJSON FeatureCollection (RFC 7946): a Point per finding, [longitude, latitude], its fields as properties. */
export function findingsGeoJson(findings: readonly PublicFinding[], origin: string) {
  return {
    type: "FeatureCollection" as const,
    features: findings.map((finding) => ({
      type: "Feature" as const,
      id: finding.id,
      geometry: { type: "Point" as const, coordinates: [finding.lon, finding.lat] },
      properties: findingProperties(finding, origin),
    })),
  };
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as XML character data or an attribute value: the five markup characters escaped, and characters XML 1.0 forbids dropped. */
function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 does not allow
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

const SEVERITY_COLOURS: Record<(typeof FINDING_SEVERITIES)[number], string> = { minor: "ff00d7ff", moderate: "ff008cff", critical: "ff0000ff" };

const ring = (points: readonly (readonly [number, number])[]) => points.map(([lon, lat]) => `${lon},${lat}`).join(" ");

function placemark(finding: PublicFinding, origin: string): string {
  const cells = findingCells(finding, origin);
  const data = Object.entries(cells)
    .map(([name, value]) => `<Data name="${escapeXml(name)}"><value>${escapeXml(value)}</value></Data>`)
    .join("");
  const point = `<Point><coordinates>${finding.lon},${finding.lat}</coordinates></Point>`;
  const outer = finding.polygon?.coordinates[0];
  const geometry = outer
    ? `<MultiGeometry>${point}<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring(outer)}</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry>`
    : point;
  const name = [FINDING_CLASS_LABELS[finding.class], finding.locator].filter(Boolean).join(" — ");
  return `<Placemark id="finding-${finding.id}"><name>${escapeXml(name)}</name><description>${escapeXml(finding.note)}</description><styleUrl>#${finding.severity}</styleUrl><ExtendedData>${data}</ExtendedData>${geometry}</Placemark>`;
}

/** A KML 2.2 document: a placemark per finding coloured by severity, every field as ExtendedData. */
export function findingsKml(findings: readonly PublicFinding[], origin: string, title: string): string {
  const styles = FINDING_SEVERITIES.map(
    (severity) =>
      `<Style id="${severity}"><IconStyle><color>${SEVERITY_COLOURS[severity]}</color></IconStyle><PolyStyle><color>${SEVERITY_COLOURS[severity].replace(/^ff/, "7f")}</color></PolyStyle></Style>`,
  ).join("");
  const placemarks = findings.map((finding) => placemark(finding, origin)).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${escapeXml(title)}</name>${styles}\n${placemarks}\n</Document></kml>\n`;
}
