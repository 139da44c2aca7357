import { z } from "zod";
import { CASE_STUDY_CONSENT } from "../case-studies";
import { id, isoDate, listOf, successMessageOf, successMessageSchema, successOf } from "./wire";

const figureSchema = z.object({ label: z.string(), value: z.string() });

/** One picture at each width it comes in, for an img's src (the first) and srcset. */
const pictureSchema = z.object({ alt: z.string(), sources: z.array(z.object({ width: z.number().int(), url: z.string() })) });
export type CaseStudyPicture = z.input<typeof pictureSchema>;

/**
 * A case study as the public site shows it, and as the customer and the owner preview it: the same
 * words and pictures (their addresses differ: the public ones are served only while it is public).
 */
export const caseStudyCardSchema = z.object({
  id,
  /** The service's category (solar, agriculture, media): which service page shows it. */
  service: z.string(),
  title: z.string(),
  summary: z.string(),
  figures: z.array(figureSchema),
  before: pictureSchema.nullable(),
  after: pictureSchema.nullable(),
  /** The site's outline as an SVG path in a 100 × 100 box; none when the map is not shown or the job has no boundary. */
  outline: z.string().nullable(),
  /** The customer's company (or name) when they chose to be named, otherwise the anonymous label ("a 5 MWp solar site"). */
  customerLabel: z.string(),
});
export type CaseStudyCard = z.input<typeof caseStudyCardSchema>;

/** GET /api/case-studies: the consented and shown ones, newest first. */
export const publicCaseStudyListSchema = listOf(caseStudyCardSchema);

const consentSchema = z.object({
  status: z.enum(CASE_STUDY_CONSENT),
  requestedAt: isoDate.nullable(),
  /** When the customer last answered (granted, declined or withdrew), and who answered. */
  answeredAt: isoDate.nullable(),
  answeredBy: z.string().nullable(),
  showName: z.boolean(),
});

/** A job's image the owner may choose as the before or after picture. */
const jobImageSchema = z.object({ id, title: z.string(), thumbnailUrl: z.string() });

/** A case study as the back office's Site tab lists and edits it. */
export const adminCaseStudySchema = z.object({
  id,
  jobId: id,
  jobTitle: z.string(),
  customerName: z.string(),
  title: z.string(),
  summary: z.string(),
  figures: z.array(figureSchema),
  beforeMediaId: id.nullable(),
  afterMediaId: id.nullable(),
  showMap: z.boolean(),
  shown: z.boolean(),
  /** On the site now: consented and shown. */
  public: z.boolean(),
  consent: consentSchema,
  images: z.array(jobImageSchema),
  hasBoundary: z.boolean(),
  preview: caseStudyCardSchema,
  updatedAt: isoDate,
});
export type AdminCaseStudy = z.input<typeof adminCaseStudySchema>;

/** GET /api/admin/case-studies. */
export const adminCaseStudyListSchema = listOf(adminCaseStudySchema);

/** POST /api/admin/case-studies, PATCH /api/admin/case-studies/:id, POST …/consent-request: the toast's message and the row. */
export const adminCaseStudyAnswerSchema = successMessageOf(adminCaseStudySchema);

/** DELETE /api/admin/case-studies/:id. */
export const caseStudyDeletedSchema = successMessageSchema;

/** What the customer sees on the job's page: the preview and where their consent stands; null when there is nothing to ask them about. */
export const customerCaseStudySchema = z.object({
  id,
  consent: consentSchema,
  /** The name shown when they choose to be named, and the label otherwise. */
  namedAs: z.string(),
  anonymousAs: z.string(),
  preview: caseStudyCardSchema,
});
export type CustomerCaseStudy = z.input<typeof customerCaseStudySchema>;

/** GET /api/jobs/:id/case-study. */
export const customerCaseStudyAnswerSchema = successOf(customerCaseStudySchema.nullable());

/** POST /api/jobs/:id/case-study/consent. */
export const customerCaseStudyConsentAnswerSchema = successMessageOf(customerCaseStudySchema);
