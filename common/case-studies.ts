// Case studies: a delivered job told on the public site, with the customer's consent
// (docs/decisions/0066-case-study-consent.md). The rules live here once, for the back office's form,
// the customer's consent card and the API alike.
import { z } from "zod";
import { oneLine } from "./one-line";
import { id } from "./contract/wire";

/**
 * Where the customer's consent stands. `none`: drafted or edited since the customer last answered, not
 * asked yet; `requested`: asked, no answer; `granted`: the customer agreed to exactly the text and
 * pictures they saw; `declined`, `withdrawn`: the customer said no, before or after agreeing.
 */
export const CASE_STUDY_CONSENT = ["none", "requested", "granted", "declined", "withdrawn"] as const;
export type CaseStudyConsent = (typeof CASE_STUDY_CONSENT)[number];

export const CASE_STUDY_CONSENT_LABELS: Record<CaseStudyConsent, string> = {
  none: "Needs the customer's consent",
  requested: "Waiting for the customer",
  granted: "Consented",
  declined: "Declined by the customer",
  withdrawn: "Withdrawn by the customer",
};

const CASE_STUDY_DECISIONS = ["grant", "decline", "withdraw"] as const;
export type CaseStudyDecision = (typeof CASE_STUDY_DECISIONS)[number];

/** The public pictures' two sides: the site before the work, and what the job delivered. */
export type CaseStudySide = "before" | "after";

export const MAX_FIGURES = 6;

export const caseStudyMessages = {
  title: "Give the case study a title",
  titleLong: "Keep the title under 120 characters",
  summary: "Write a few sentences about the job",
  summaryLong: "Keep the summary under 3000 characters",
  figureLabel: "Name the figure",
  figureLabelLong: "Keep a figure's label under 40 characters",
  figureValue: "Give the figure's value",
  figureValueLong: "Keep a figure's value under 40 characters",
  figures: `At most ${MAX_FIGURES} figures`,
  media: "Choose one of the job's own pictures",
  jobId: "Choose a delivered job",
  notFound: "Case study not found",
  notDelivered: "Only a delivered job can become a case study: its work must be done and in the customer's hands",
  exists: "This job already has a case study",
  nothingToChange: "Change the title, the summary, the figures, the pictures, the map or whether it is shown",
  alreadyConsented: "The customer has already consented to this text and these pictures",
  notAsked: "The customer has not been asked about this case study",
  notGranted: "Only a consent given can be withdrawn",
  decision: "Choose grant, decline or withdraw",
  showName: "showName must be true or false",
} as const;

const figureSchema = z.object({
  label: oneLine("A figure's label").min(1, caseStudyMessages.figureLabel).max(40, caseStudyMessages.figureLabelLong),
  value: oneLine("A figure's value").min(1, caseStudyMessages.figureValue).max(40, caseStudyMessages.figureValueLong),
});
export type CaseStudyFigure = z.output<typeof figureSchema>;

const mediaId = id.nullable();

const contentFields = {
  title: oneLine("The title").min(1, caseStudyMessages.title).max(120, caseStudyMessages.titleLong),
  summary: z.string().trim().min(1, caseStudyMessages.summary).max(3000, caseStudyMessages.summaryLong),
  figures: z.array(figureSchema).max(MAX_FIGURES, caseStudyMessages.figures),
  beforeMediaId: mediaId,
  afterMediaId: mediaId,
  showMap: z.boolean({ message: "showMap must be true or false" }),
};

/** What the customer consents to: a change to any of these after consent voids it. */
export const CASE_STUDY_CONTENT_FIELDS = ["title", "summary", "figures", "beforeMediaId", "afterMediaId", "showMap"] as const;

/**
 * POST /api/admin/case-studies: a draft for a delivered job. Only the job is needed: the title,
 * summary, figures and pictures left out are prefilled from the job.
 */
export const caseStudyCreateSchema = z
  .object({
    jobId: z
      .number({ message: caseStudyMessages.jobId })
      .int(caseStudyMessages.jobId)
      .positive(caseStudyMessages.jobId)
      .max(2147483647, caseStudyMessages.jobId),
    ...contentFields,
  })
  .partial({
    title: true,
    summary: true,
    figures: true,
    beforeMediaId: true,
    afterMediaId: true,
    showMap: true,
  });
export type CaseStudyCreate = z.input<typeof caseStudyCreateSchema>;

/** PATCH /api/admin/case-studies/:id: any content field, or `shown` (on the site once the customer consented). */
export const caseStudyUpdateSchema = z.object({ ...contentFields, shown: z.boolean({ message: "shown must be true or false" }) }).partial();
export type CaseStudyUpdate = z.input<typeof caseStudyUpdateSchema>;

/** POST /api/jobs/:id/case-study/consent: the customer's answer; granting says whether their company is named. */
export const caseStudyConsentSchema = z.object({
  decision: z.enum(CASE_STUDY_DECISIONS, { message: caseStudyMessages.decision }),
  showName: z.boolean({ message: caseStudyMessages.showName }).default(false),
});

/** GET /api/case-studies?service=: the public list, optionally one service category's. */
export const caseStudyQuerySchema = z.object({ service: oneLine("service").max(40).optional() });

/** The public picture files: a side at one of the image widths (common/uploads.ts IMAGE_WIDTHS). */
export const CASE_STUDY_IMAGE_FILES = [
  "before-480.webp",
  "before-960.webp",
  "before-1600.webp",
  "after-480.webp",
  "after-960.webp",
  "after-1600.webp",
] as const;

/**
 * The site's boundary as an SVG path in a 100 × 100 box, north up, its shape kept (longitude scaled by
 * the cosine of the latitude): a small outline that needs no map tiles.
 */
export function boundaryOutline(ring: readonly (readonly number[])[]): string | null {
  if (ring.length < 4) return null;
  const midLat = ring.reduce((sum, point) => sum + point[1]!, 0) / ring.length;
  const scale = Math.cos((midLat * Math.PI) / 180);
  const xs = ring.map((point) => point[0]! * scale);
  const ys = ring.map((point) => -point[1]!);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const size = Math.max(maxX - minX, maxY - minY);
  if (!(size > 0)) return null;
  // 5 units of margin so the stroke is not cut; the shape centred in what is left.
  const fit = 90 / size;
  const offsetX = 5 + (90 - (maxX - minX) * fit) / 2;
  const offsetY = 5 + (90 - (maxY - minY) * fit) / 2;
  const at = (value: number) => Math.round(value * 10) / 10;
  const points = xs.map((x, index) => `${at(offsetX + (x - minX) * fit)} ${at(offsetY + (ys[index]! - minY) * fit)}`);
  return `M${points.slice(0, -1).join("L")}Z`;
}
