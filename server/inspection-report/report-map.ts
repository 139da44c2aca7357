import { FINDING_SEVERITIES } from "@common/findings";
import type { SiteBoundary } from "@common/site-boundary";
import type { PublicFinding } from "../findings/read-findings";
import { BOLD, CONTENT_WIDTH, INK, MARGIN, MUTED, RULE, type ReportWriter, SEVERITY_COLOURS } from "./report-writer";

/**
 * What lies under the site map (report-backdrop.ts): the job's orthomosaic or the base map's tiles as a
 * picture in the work folder, and the line under the map naming it (the layer, or the provider's
 * credit); or no picture, the base map's tiles having failed, and the line saying so.
 */
export interface MapBackdrop {
  path: string | null;
  caption: string;
}

/** What the map draws: the site (its boundary, else its position) and the findings. */
interface MapInput {
  job: { latitude: number | null; longitude: number | null; boundary: SiteBoundary | null };
  findings: readonly PublicFinding[];
  backdrop?: MapBackdrop | null;
}

/** Metres per degree of latitude, and of longitude at a latitude (a local equirectangular view; a site is small). */
const METRES_PER_DEGREE = 111_320;

/** A round length for the scale bar: 1, 2 or 5 times a power of ten, at most `max` metres. */
function roundLength(max: number): number {
  const power = 10 ** Math.floor(Math.log10(max));
  return [5, 2, 1].map((step) => step * power).find((length) => length <= max) ?? power;
}

const formatLength = (metres: number) => (metres >= 1000 ? `${metres / 1000} km` : `${metres} m`);

/** The map's box on the page, in points. */
const MAP_SIZE = { width: CONTENT_WIDTH, height: 380 };
/** Points kept clear inside the box's edges, so no pin sits on the frame. */
const INNER = 20;

/** How the map projects the site: its centre, metres per degree of longitude there, and points per metre. */
interface MapFrame {
  centreLon: number;
  centreLat: number;
  xScale: number;
  pointsPerMetre: number;
}

/**
 * What the map shows (the boundary, the findings, else the site's position), fitted in its box; null
 * when there is nothing to draw.
 */
function mapFrame(input: MapInput): MapFrame | null {
  const points: [number, number][] = [
    ...(input.job.boundary?.coordinates[0] ?? []),
    ...input.findings.flatMap((finding) => [[finding.lon, finding.lat] as [number, number], ...(finding.polygon?.coordinates[0] ?? [])]),
  ];
  if (points.length === 0 && input.job.latitude !== null && input.job.longitude !== null) points.push([input.job.longitude, input.job.latitude]);
  if (points.length === 0) return null;
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const centreLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const xScale = METRES_PER_DEGREE * Math.cos((centreLat * Math.PI) / 180);
  // At least 50 m across, so a single pin has a scale to stand on.
  const widthM = Math.max((Math.max(...lons) - Math.min(...lons)) * xScale, 50);
  const heightM = Math.max((Math.max(...lats) - Math.min(...lats)) * METRES_PER_DEGREE, 50);
  const pointsPerMetre = Math.min((MAP_SIZE.width - 2 * INNER) / widthM, (MAP_SIZE.height - 2 * INNER) / heightM);
  return { centreLon: (Math.min(...lons) + Math.max(...lons)) / 2, centreLat, xScale, pointsPerMetre };
}

/** The longitudes and latitudes at the map box's edges, west, south, east, north: what imagery under it must cover. */
export function mapBounds(input: MapInput): { west: number; south: number; east: number; north: number; width: number; height: number } | null {
  const frame = mapFrame(input);
  if (!frame) return null;
  const halfLon = MAP_SIZE.width / 2 / (frame.xScale * frame.pointsPerMetre);
  const halfLat = MAP_SIZE.height / 2 / (METRES_PER_DEGREE * frame.pointsPerMetre);
  return {
    west: frame.centreLon - halfLon,
    east: frame.centreLon + halfLon,
    south: frame.centreLat - halfLat,
    north: frame.centreLat + halfLat,
    ...MAP_SIZE,
  };
}

/**
 * The site map: the imagery under it (`input.backdrop`, the job's orthomosaic or the base map, read by
 * report-backdrop.ts over mapBounds) and the line naming it, the boundary, each finding as a pin coloured by its severity
 * (numbered as its section when there are few enough to read), a scale bar and a north arrow.
 */
export function drawMap(writer: ReportWriter, input: MapInput): void {
  const { doc } = writer;
  writer.heading("Site map");
  const frame = mapFrame(input);
  if (!frame) {
    writer.paragraph("The site has no boundary, position or findings to draw.", { color: MUTED });
    return;
  }
  const { centreLon, centreLat, xScale, pointsPerMetre } = frame;
  const box = { x: MARGIN, y: writer.y, ...MAP_SIZE };
  const inner = INNER;
  const project = ([lon, lat]: readonly [number, number]): [number, number] => [
    box.x + box.width / 2 + (lon - centreLon) * xScale * pointsPerMetre,
    box.y + box.height / 2 - (lat - centreLat) * METRES_PER_DEGREE * pointsPerMetre,
  ];

  writer.ensureSpace(box.height + 60);
  box.y = writer.y;
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).fillAndStroke("#f8fafc", RULE);
  if (input.backdrop?.path) {
    doc.image(input.backdrop.path, box.x, box.y, { width: box.width, height: box.height });
    doc.rect(box.x, box.y, box.width, box.height).lineWidth(1).stroke(RULE);
  }
  const ring = input.job.boundary?.coordinates[0];
  if (ring?.length) {
    ring.forEach((position, index) => {
      const [x, y] = project(position);
      if (index === 0) doc.moveTo(x, y);
      else doc.lineTo(x, y);
    });
    doc.closePath().lineWidth(1.5).fillOpacity(0.12).fillAndStroke(writer.accent, writer.accent);
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
  const order = input.findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => FINDING_SEVERITIES.indexOf(a.finding.severity) - FINDING_SEVERITIES.indexOf(b.finding.severity));
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
    if (labelled)
      writer.write(String(index + 1), x - radius, y - radius * 1.8 - 3, { width: radius * 2, size: 6, font: BOLD, color: "#ffffff", align: "center" });
  }
  doc.restore();

  // The scale bar, bottom left: a round length of about a quarter of the map's width.
  const metres = roundLength((box.width - 2 * inner) / 4 / pointsPerMetre);
  const barWidth = metres * pointsPerMetre;
  const barY = box.y + box.height - 14;
  doc.rect(box.x + 12, barY, barWidth, 4).fill(INK);
  doc
    .rect(box.x + 12 + barWidth / 2, barY, barWidth / 2, 4)
    .fill("#ffffff")
    .rect(box.x + 12, barY, barWidth, 4)
    .lineWidth(0.5)
    .stroke(INK);
  writer.write(`Scale: ${formatLength(metres)}`, box.x + 16 + barWidth, barY - 3, { width: 120, size: 8 });
  // North, top right.
  const northX = box.x + box.width - 20;
  doc
    .moveTo(northX, box.y + 10)
    .lineTo(northX - 5, box.y + 26)
    .lineTo(northX + 5, box.y + 26)
    .closePath()
    .fill(INK);
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
  writer.y += 16;
  if (input.backdrop) {
    writer.y += writer.write(input.backdrop.caption, MARGIN, writer.y, { width: CONTENT_WIDTH, size: 9, color: MUTED });
  }
  writer.y += 8;
}
