import { createWriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import { FINDING_CLASS_LABELS, FINDING_SEVERITIES, type FindingClass, type FindingSeverity } from "@common/findings";
import { CONDITION_LABELS, type InspectionConditionValues, formatCloudCover } from "@common/inspection-report";
import type { SiteBoundary } from "@common/site-boundary";
import { printable } from "../documents/pdf-text";
import type { DocumentBusiness } from "../documents/types";
import type { PublicFinding } from "../findings/read-findings";

/**
 * The inspection report's PDF (issue 18), drawn with pdfkit and the standard fonts as the other
 * documents are (docs/decisions/0024-pdf-documents.md, 0032-inspection-report.md), but written to a
 * file page by page as it is drawn: no page is kept once the next begins (no bufferPages), so a
 * thousand findings take the memory of one page and their images. Each page's footer is drawn when
 * the page begins ("Page N"; the total is not known until the end).
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - 64;
const FOOTER_Y = PAGE_HEIGHT - 40;
const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const ACCENT = "#0b4f8a";
const WARNING = "#b45309";

const SEVERITY_COLOURS: Record<FindingSeverity, string> = { minor: "#eab308", moderate: "#f97316", critical: "#dc2626" };

/** An image of a finding ready to embed: a JPEG file on disk (pdfkit embeds a file once, however often it is drawn). */
export interface ReportImage {
  title: string;
  path: string;
  width: number;
  height: number;
}

export interface ReportInput {
  business: DocumentBusiness;
  version: number;
  job: { id: number; title: string; site: string; latitude: number | null; longitude: number | null; boundary: SiteBoundary | null };
  customer: string;
  pilot: string;
  /** The day flown (or scheduled), as printed. */
  date: string;
  conditions: InspectionConditionValues;
  /** The aircraft as recorded with the conditions, else the flight record's. */
  aircraft: string;
  warnings: readonly string[];
  findings: readonly PublicFinding[];
  /** A finding's images, converted on demand (server/inspection-report/images.ts). */
  imagesOf(finding: PublicFinding): Promise<ReportImage[]>;
}

interface TextStyle {
  width?: number;
  font?: string;
  size?: number;
  color?: string;
  align?: "left" | "right" | "center";
}

const number = (value: number | null, unit: string, digits = 1): string => (value === null ? "—" : `${value.toFixed(digits)} ${unit}`.trim());

/** A finding's name in the report: its number, class and locator. */
const findingHeading = (index: number, finding: Pick<PublicFinding, "class" | "locator">) =>
  `Finding ${index + 1} — ${FINDING_CLASS_LABELS[finding.class]}${finding.locator ? ` — ${finding.locator}` : ""}`;

class ReportWriter {
  y = MARGIN;
  private page = 0;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly name: string,
  ) {
    doc.on("pageAdded", () => this.startPage());
    this.startPage();
  }

  private startPage(): void {
    this.page += 1;
    this.y = MARGIN;
    this.doc.moveTo(MARGIN, FOOTER_Y - 8).lineTo(PAGE_WIDTH - MARGIN, FOOTER_Y - 8).lineWidth(0.75).strokeColor(RULE).stroke();
    this.write(this.name, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH / 2, size: 8, color: MUTED });
    this.write(`Page ${this.page}`, MARGIN + CONTENT_WIDTH / 2, FOOTER_Y, { width: CONTENT_WIDTH / 2, size: 8, color: MUTED, align: "right" });
  }

  write(value: string, x: number, y: number, style: TextStyle = {}): number {
    const text = printable(value);
    if (!text) return 0;
    this.doc
      .font(style.font ?? REGULAR)
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? INK);
    this.doc.text(text, x, y, { width: style.width ?? CONTENT_WIDTH, align: style.align ?? "left", lineGap: 1.5 });
    return this.doc.y - y;
  }

  measure(value: string, style: TextStyle = {}): number {
    const text = printable(value);
    if (!text) return 0;
    this.doc.font(style.font ?? REGULAR).fontSize(style.size ?? 10);
    return this.doc.heightOfString(text, { width: style.width ?? CONTENT_WIDTH, lineGap: 1.5 });
  }

  /** Starts a new page when `height` more points would not fit on this one. */
  ensureSpace(height: number): void {
    if (this.y + height > CONTENT_BOTTOM) this.doc.addPage();
  }

  newPage(): void {
    if (this.y > MARGIN) this.doc.addPage();
  }

  heading(text: string, size = 14): void {
    this.ensureSpace(size + 40);
    this.y += this.write(text, MARGIN, this.y, { font: BOLD, size, color: ACCENT }) + 6;
  }

  paragraph(text: string, style: TextStyle = {}): void {
    this.ensureSpace(this.measure(text, style));
    this.y += this.write(text, MARGIN, this.y, style) + 4;
  }

  /** Label and value rows, two columns, each row kept whole. */
  facts(rows: readonly [string, string][], labelWidth = 170): void {
    for (const [label, value] of rows) {
      const style = { width: CONTENT_WIDTH - labelWidth, size: 10 };
      const height = Math.max(this.measure(label, { width: labelWidth - 8, size: 10 }), this.measure(value, style));
      this.ensureSpace(height + 4);
      this.write(label, MARGIN, this.y, { width: labelWidth - 8, size: 10, color: MUTED });
      this.write(value, MARGIN + labelWidth, this.y, style);
      this.y += height + 4;
    }
    this.y += 6;
  }

  /** A table of short cells, its header drawn again on each page it continues on. */
  table(headings: readonly string[], widths: readonly number[], rows: readonly string[][]): void {
    const xs = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
    const header = () => {
      headings.forEach((heading, index) => this.write(heading, xs[index]!, this.y, { width: widths[index]! - 6, font: BOLD, size: 9, color: MUTED }));
      this.y += 14;
      this.doc.moveTo(MARGIN, this.y).lineTo(MARGIN + CONTENT_WIDTH, this.y).lineWidth(0.75).strokeColor(INK).stroke();
      this.y += 4;
    };
    this.ensureSpace(40);
    header();
    for (const row of rows) {
      const height = Math.max(...row.map((cell, index) => this.measure(cell, { width: widths[index]! - 6, size: 9 })));
      if (this.y + height + 4 > CONTENT_BOTTOM) {
        this.doc.addPage();
        header();
      }
      row.forEach((cell, index) => this.write(cell, xs[index]!, this.y, { width: widths[index]! - 6, size: 9 }));
      this.y += height + 4;
    }
    this.y += 10;
  }
}

/** Metres per degree of latitude, and of longitude at a latitude (a local equirectangular view; a site is small). */
const METRES_PER_DEGREE = 111_320;

/** A round length for the scale bar: 1, 2 or 5 times a power of ten, at most `max` metres. */
function roundLength(max: number): number {
  const power = 10 ** Math.floor(Math.log10(max));
  return [5, 2, 1].map((step) => step * power).find((length) => length <= max) ?? power;
}

const formatLength = (metres: number) => (metres >= 1000 ? `${metres / 1000} km` : `${metres} m`);

/**
 * The site map, in vector: the boundary, each finding as a pin coloured by its severity (numbered
 * as its section when there are few enough to read), a scale bar and a north arrow.
 */
function drawMap(writer: ReportWriter, input: ReportInput): void {
  const { doc } = writer;
  const points: [number, number][] = [
    ...(input.job.boundary?.coordinates[0] ?? []),
    ...input.findings.flatMap((finding) => [[finding.lon, finding.lat] as [number, number], ...(finding.polygon?.coordinates[0] ?? [])]),
  ];
  if (points.length === 0 && input.job.latitude !== null && input.job.longitude !== null) points.push([input.job.longitude, input.job.latitude]);
  writer.heading("Site map");
  if (points.length === 0) {
    writer.paragraph("The site has no boundary, position or findings to draw.", { color: MUTED });
    return;
  }
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const xScale = METRES_PER_DEGREE * Math.cos((midLat * Math.PI) / 180);
  // At least 50 m across, so a single pin has a scale to stand on.
  const widthM = Math.max((Math.max(...lons) - Math.min(...lons)) * xScale, 50);
  const heightM = Math.max((Math.max(...lats) - Math.min(...lats)) * METRES_PER_DEGREE, 50);
  const box = { x: MARGIN, y: writer.y, width: CONTENT_WIDTH, height: 380 };
  const inner = 20;
  const pointsPerMetre = Math.min((box.width - 2 * inner) / widthM, (box.height - 2 * inner) / heightM);
  const centreLon = (Math.min(...lons) + Math.max(...lons)) / 2;
  const centreLat = midLat;
  const project = ([lon, lat]: readonly [number, number]): [number, number] => [
    box.x + box.width / 2 + (lon - centreLon) * xScale * pointsPerMetre,
    box.y + box.height / 2 - (lat - centreLat) * METRES_PER_DEGREE * pointsPerMetre,
  ];

  writer.ensureSpace(box.height + 60);
  box.y = writer.y;
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).fillAndStroke("#f8fafc", RULE);
  const ring = input.job.boundary?.coordinates[0];
  if (ring?.length) {
    ring.forEach((position, index) => {
      const [x, y] = project(position);
      if (index === 0) doc.moveTo(x, y);
      else doc.lineTo(x, y);
    });
    doc.closePath().lineWidth(1.5).fillOpacity(0.12).fillAndStroke(ACCENT, ACCENT);
    doc.fillOpacity(1);
  }
  // An agriculture finding's area, outlined in its severity's colour under the pins.
  for (const finding of input.findings) {
    const outline = finding.polygon?.coordinates[0];
    if (!outline?.length) continue;
    outline.forEach((position, index) => {
      const [x, y] = project(position);
      if (index === 0) doc.moveTo(x, y);
      else doc.lineTo(x, y);
    });
    doc.closePath().lineWidth(1).fillOpacity(0.25).fillAndStroke(SEVERITY_COLOURS[finding.severity], SEVERITY_COLOURS[finding.severity]);
    doc.fillOpacity(1);
  }
  const labelled = input.findings.length <= 60;
  // Critical last, so the worst faults sit on top of the others.
  const order = input.findings.map((finding, index) => ({ finding, index })).sort((a, b) => FINDING_SEVERITIES.indexOf(a.finding.severity) - FINDING_SEVERITIES.indexOf(b.finding.severity));
  for (const { finding, index } of order) {
    const [x, y] = project([finding.lon, finding.lat]);
    const radius = labelled ? 6 : 3;
    // A pin: a circle over a point, its tip on the finding's position.
    doc
      .moveTo(x, y)
      .lineTo(x - radius * 0.7, y - radius * 1.6)
      .lineTo(x + radius * 0.7, y - radius * 1.6)
      .closePath()
      .fill(SEVERITY_COLOURS[finding.severity]);
    doc
      .circle(x, y - radius * 1.8, radius)
      .lineWidth(0.5)
      .fillAndStroke(SEVERITY_COLOURS[finding.severity], "#ffffff");
    if (labelled) writer.write(String(index + 1), x - radius, y - radius * 1.8 - 3, { width: radius * 2, size: 6, font: BOLD, color: "#ffffff", align: "center" });
  }
  doc.restore();

  // The scale bar, bottom left: a round length of about a quarter of the map's width.
  const metres = roundLength((box.width - 2 * inner) / 4 / pointsPerMetre);
  const barWidth = metres * pointsPerMetre;
  const barY = box.y + box.height - 14;
  doc.rect(box.x + 12, barY, barWidth, 4).fill(INK);
  doc.rect(box.x + 12 + barWidth / 2, barY, barWidth / 2, 4).fill("#ffffff").rect(box.x + 12, barY, barWidth, 4).lineWidth(0.5).stroke(INK);
  writer.write(`Scale: ${formatLength(metres)}`, box.x + 16 + barWidth, barY - 3, { width: 120, size: 8 });
  // North, top right.
  const northX = box.x + box.width - 20;
  doc.moveTo(northX, box.y + 10).lineTo(northX - 5, box.y + 26).lineTo(northX + 5, box.y + 26).closePath().fill(INK);
  writer.write("N", northX - 10, box.y + 28, { width: 20, size: 8, font: BOLD, align: "center" });
  writer.y = box.y + box.height + 8;

  // The legend.
  let x = MARGIN;
  for (const severity of FINDING_SEVERITIES) {
    doc.circle(x + 5, writer.y + 5, 4).fill(SEVERITY_COLOURS[severity]);
    writer.write(severity[0]!.toUpperCase() + severity.slice(1), x + 14, writer.y, { width: 80, size: 9 });
    x += 90;
  }
  writer.write(ring?.length ? "Site boundary shaded" : "No site boundary recorded", x, writer.y, { width: 200, size: 9, color: MUTED });
  writer.y += 24;
}

function drawSummary(writer: ReportWriter, findings: readonly PublicFinding[]): void {
  writer.heading("Summary");
  const bySeverity = Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, findings.filter((finding) => finding.severity === severity).length])) as Record<FindingSeverity, number>;
  const loss = findings.reduce((sum, finding) => sum + (finding.powerLoss ?? 0), 0);
  writer.facts([
    ["Findings", String(findings.length)],
    ...FINDING_SEVERITIES.map((severity): [string, string] => [`${severity[0]!.toUpperCase()}${severity.slice(1)}`, String(bySeverity[severity])]),
    ["Estimated power loss", `${loss.toFixed(2)} kW`],
  ]);
  const classes = [...new Set(findings.map((finding) => finding.class))] as FindingClass[];
  if (classes.length === 0) return;
  const rows = classes.map((findingClass) => {
    const ofClass = findings.filter((finding) => finding.class === findingClass);
    return [
      FINDING_CLASS_LABELS[findingClass],
      ...FINDING_SEVERITIES.map((severity) => String(ofClass.filter((finding) => finding.severity === severity).length)),
      String(ofClass.length),
      `${ofClass.reduce((sum, finding) => sum + (finding.powerLoss ?? 0), 0).toFixed(2)} kW`,
    ];
  });
  writer.table(["Class", "Minor", "Moderate", "Critical", "Total", "Est. loss"], [196, 56, 64, 56, 52, 92], rows);
}

async function drawFinding(writer: ReportWriter, finding: PublicFinding, index: number, images: ReportImage[]): Promise<void> {
  writer.ensureSpace(200);
  writer.heading(findingHeading(index, finding), 12);
  const facts: [string, string][] = [
    ["Class", FINDING_CLASS_LABELS[finding.class]],
    ["Severity", `${finding.severity}${finding.severityReason ? ` (set by hand: ${finding.severityReason})` : ""}`],
    ["Status", finding.status.replace("_", " ")],
    ["Locator", finding.locator || "—"],
    ["Position", `${finding.lat.toFixed(6)}, ${finding.lon.toFixed(6)}`],
  ];
  if (finding.maxTemp !== null || finding.refTemp !== null || finding.deltaT !== null) {
    facts.push(["Max / reference temperature", `${number(finding.maxTemp, "°C")} / ${number(finding.refTemp, "°C")}`], ["Delta T", number(finding.deltaT, "°C")]);
  }
  if (finding.indexValue !== null) facts.push(["Index value", finding.indexValue.toFixed(3)]);
  facts.push(["Estimated power loss", number(finding.powerLoss, "kW", 2)]);
  if (finding.dismissReason) facts.push(["Dismissed because", finding.dismissReason]);
  if (finding.note) facts.push(["Note", finding.note]);
  writer.facts(facts);
  if (finding.history.length) {
    writer.table(
      ["When", "Who", "Change", "Note"],
      [110, 110, 130, CONTENT_WIDTH - 350],
      finding.history.map((event) => [
        event.at.toISOString().slice(0, 16).replace("T", " ") + " UTC",
        event.byName || "—",
        [event.from ? `From ${event.from.replace("_", " ")} to ${event.to.replace("_", " ")}` : `Recorded (${event.to.replace("_", " ")})`, event.fields.length ? `changed ${event.fields.join(", ")}` : ""].filter(Boolean).join("; "),
        event.note,
      ]),
    );
  }
  // Images two to a row, each at most half the width and 200 points high.
  const slot = { width: (CONTENT_WIDTH - 12) / 2, height: 200 };
  for (let start = 0; start < images.length; start += 2) {
    const pair = images.slice(start, start + 2);
    const heights = pair.map((image) => Math.min(slot.height, (slot.width * image.height) / image.width));
    const rowHeight = Math.max(...heights) + 16;
    writer.ensureSpace(rowHeight);
    pair.forEach((image, column) => {
      const x = MARGIN + column * (slot.width + 12);
      writer.doc.image(image.path, x, writer.y, { fit: [slot.width, slot.height] });
      writer.write(image.title, x, writer.y + heights[column]! + 2, { width: slot.width, size: 8, color: MUTED });
    });
    writer.y += rowHeight + 4;
  }
  writer.y += 10;
}

/** Draws the report into `path`; resolves once the file is complete. */
export async function writeInspectionReportPdf(path: string, input: ReportInput): Promise<void> {
  // Loaded with the first report, not at start, as the other documents do (issue 20).
  const { default: PDFDocument } = await import("pdfkit");
  const name = `Inspection report v${input.version} — ${input.job.title}`;
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 24 },
    lang: "en-US",
    displayTitle: true,
    info: { Title: printable(name), Author: printable(input.business.name), Creator: printable(input.business.name) },
  });
  const file = createWriteStream(path);
  doc.pipe(file);
  const writer = new ReportWriter(doc, name);

  // The cover.
  writer.write(input.business.name, MARGIN, writer.y, { font: BOLD, size: 14, color: ACCENT });
  writer.y += 60;
  writer.y += writer.write("Thermographic inspection report", MARGIN, writer.y, { font: BOLD, size: 24 }) + 4;
  writer.y += writer.write(`${input.job.title} — version ${input.version}`, MARGIN, writer.y, { size: 14, color: MUTED }) + 24;
  writer.facts([
    ["Customer", input.customer],
    ["Site", input.job.site || "—"],
    ["Date", input.date],
    ["Pilot", input.pilot],
    ["Aircraft", input.aircraft || "—"],
    ["Camera", input.conditions.camera || "—"],
    ["Job", `#${input.job.id}`],
  ]);
  for (const warning of input.warnings) {
    writer.ensureSpace(writer.measure(`Warning: ${warning}`) + 8);
    writer.y += writer.write(`Warning: ${warning}`, MARGIN, writer.y, { font: BOLD, color: WARNING }) + 8;
  }

  // Inspection conditions (IEC TS 62446-3).
  writer.y += 12;
  writer.heading("Inspection conditions");
  const { conditions } = input;
  writer.facts([
    [CONDITION_LABELS.irradiance, conditions.irradiance === null ? "Not recorded" : `${conditions.irradiance} W/m²`],
    [CONDITION_LABELS.ambientTemp, conditions.ambientTemp === null ? "Not recorded" : `${conditions.ambientTemp} °C`],
    [CONDITION_LABELS.windSpeed, conditions.windSpeed === null ? "Not recorded" : `${conditions.windSpeed} m/s`],
    [CONDITION_LABELS.cloudCover, conditions.cloudCover === null ? "Not recorded" : formatCloudCover(conditions.cloudCover, conditions.cloudUnit)],
  ]);

  writer.newPage();
  drawSummary(writer, input.findings);
  writer.newPage();
  drawMap(writer, input);

  if (input.findings.length) {
    writer.newPage();
    writer.heading("Findings", 16);
  }
  for (const [index, finding] of input.findings.entries()) await drawFinding(writer, finding, index, await input.imagesOf(finding));

  doc.end();
  await finished(file);
}
