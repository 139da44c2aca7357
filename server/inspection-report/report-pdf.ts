import { createWriteStream } from "node:fs";
import { finished } from "node:stream/promises";
import { findingAdvice, severityWhy } from "@common/finding-advice";
import {
  type DeltaTThresholds,
  FINDING_CLASS_LABELS,
  FINDING_SEVERITIES,
  FINDING_STATUS_LABELS,
  type FindingClass,
  type FindingSeverity,
} from "@common/findings";
import { CONDITION_LABELS, formatCloudCover } from "@common/inspection-report";
import type { SiteBoundary } from "@common/site-boundary";
import { printableLine } from "../pdf/pdf-text";
import type { DocumentBusiness } from "../pdf/types";
import type { PublicFinding } from "../findings/read-findings";
import type { ConditionValues } from "./conditions";
import { drawMap, type MapBackdrop } from "./report-map";
import { BOLD, CONTENT_WIDTH, MARGIN, MUTED, ReportWriter, WARNING } from "./report-writer";

/**
 * The inspection report's PDF, drawn with pdfkit and the standard fonts as the other
 * documents are (docs/decisions/0024-pdf-documents.md, 0032-inspection-report.md), but written to a
 * file page by page as it is drawn: no page is kept once the next begins (no bufferPages), so a
 * thousand findings take the memory of one page and their images. Each page's footer is drawn when
 * the page begins ("Page N"; the total is not known until the end).
 *
 * It is the customer's document (decision 0046): the findings they see, each as what was found,
 * where, how severe and why, what to do, and the evidence. The audit trail of each finding (who
 * recorded or moved it, a detector's proposal) stays in the business's own view, the back office's
 * findings section, and is not printed.
 */

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
  conditions: ConditionValues;
  /** The aircraft as recorded with the conditions, else the flight record's. */
  aircraft: string;
  warnings: readonly string[];
  /** The findings the customer sees (decision 0046), oldest first. */
  findings: readonly PublicFinding[];
  /** The ΔT thresholds of the severities, which say why a finding is as severe as it is. */
  thresholds: DeltaTThresholds;
  /** What lies under the site map (report-backdrop.ts), or none. */
  backdrop: MapBackdrop | null;
  /** A finding's images, converted on demand (server/inspection-report/images.ts). */
  imagesOf(finding: PublicFinding): Promise<ReportImage[]>;
}

const number = (value: number | null, unit: string, digits = 1): string => (value === null ? "—" : `${value.toFixed(digits)} ${unit}`.trim());

/** A finding's name in the report: its number, class and locator. */
const findingHeading = (index: number, finding: Pick<PublicFinding, "class" | "locator">) =>
  `Finding ${index + 1} — ${FINDING_CLASS_LABELS[finding.class]}${finding.locator ? ` — ${finding.locator}` : ""}`;

function drawSummary(writer: ReportWriter, findings: readonly PublicFinding[]): void {
  writer.heading("Summary");
  const bySeverity = Object.fromEntries(
    FINDING_SEVERITIES.map((severity) => [severity, findings.filter((finding) => finding.severity === severity).length]),
  ) as Record<FindingSeverity, number>;
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

async function drawFinding(writer: ReportWriter, finding: PublicFinding, index: number, images: ReportImage[], thresholds: DeltaTThresholds): Promise<void> {
  writer.ensureSpace(200);
  writer.heading(findingHeading(index, finding), 12);
  const facts: [string, string][] = [
    ["Class", FINDING_CLASS_LABELS[finding.class]],
    ["Severity", severityWhy(finding, thresholds)],
    ["Status", FINDING_STATUS_LABELS[finding.status]],
    ["Locator", finding.locator || "—"],
    ["Coordinates", `${finding.lat.toFixed(6)}, ${finding.lon.toFixed(6)}`],
  ];
  if (finding.maxTemp !== null || finding.refTemp !== null || finding.deltaT !== null) {
    facts.push(
      ["Max / reference temperature", `${number(finding.maxTemp, "°C")} / ${number(finding.refTemp, "°C")}`],
      ["Delta T", number(finding.deltaT, "°C")],
    );
  }
  if (finding.indexValue !== null) facts.push(["Index value", finding.indexValue.toFixed(3)]);
  facts.push(["Estimated power loss", number(finding.powerLoss, "kW", 2)]);
  facts.push(["What to do", findingAdvice(finding.class, finding.severity)]);
  if (finding.note) facts.push(["Note", finding.note]);
  writer.facts(facts);
  // The evidence: images two to a row, each at most half the width and 200 points high.
  if (images.length) writer.paragraph("Evidence", { font: BOLD, size: 10, color: MUTED });
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
  // Loaded with the first report, not at start, as the other documents do: pdfkit is no part of an
  // idle server (docs/decisions/0029-embedded-database-code-memory.md).
  const { default: PDFDocument } = await import("pdfkit");
  const name = `Inspection report v${input.version} — ${input.job.title}`;
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 24 },
    lang: "en-US",
    displayTitle: true,
    info: { Title: printableLine(name), Author: printableLine(input.business.name), Creator: printableLine(input.business.name) },
  });
  const file = createWriteStream(path);
  doc.pipe(file);
  const writer = new ReportWriter(doc, name, input.business.accentColor);

  // The cover.
  writer.write(input.business.name, MARGIN, writer.y, { font: BOLD, size: 14, color: writer.accent, oneLine: true });
  writer.y += 60;
  writer.y += writer.write("Thermographic inspection report", MARGIN, writer.y, { font: BOLD, size: 24 }) + 4;
  writer.y += writer.write(`${input.job.title} — version ${input.version}`, MARGIN, writer.y, { size: 14, color: MUTED, oneLine: true }) + 24;
  writer.facts(
    [
      ["Customer", input.customer],
      ["Site", input.job.site || "—"],
      ["Date", input.date],
      ["Pilot", input.pilot],
      ["Aircraft", input.aircraft || "—"],
      ["Camera", input.conditions.camera || "—"],
      ["Job", `#${input.job.id}`],
    ],
    { oneLine: true },
  );
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
  for (const [index, finding] of input.findings.entries()) await drawFinding(writer, finding, index, await input.imagesOf(finding), input.thresholds);

  doc.end();
  await finished(file);
}
