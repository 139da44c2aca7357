import { z } from "zod";
import { ROLES } from "../roles";
import { JOB_STATUSES, JOB_STEPS } from "../job-status";
import { jobAmountsSchema } from "./job-amounts";
import { mediaItemSchema } from "./media";
import { paymentSchema } from "./payments";
import { quoteSchema } from "./quotes";
import { reportSchema } from "./reports";
import { siteAreaSchema } from "./map-layers";
import { id, isoDate, listOf, successMessageOf, successOf } from "./wire";

const status = z.enum(JOB_STATUSES);

const siteSchema = z.object({ name: z.string(), address: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() });

/**
 * The flight as the admin or pilot recorded it when marking the job flown; a record written before
 * the aircraft was named by id reads null (none) for the fields it lacks (docs/decisions/0072-flight-records.md).
 */
const flightSchema = z.object({
  flownOn: z.string(),
  durationMinutes: z.number().nullable(),
  pilotId: id.nullable(),
  aircraftId: id.nullable().default(null),
  /** The fleet's name of that aircraft ("DJI Mavic 3T (serial)"), on a job's detail. */
  aircraftName: z.string().nullable().default(null),
  batteryIds: z.array(id).default([]),
  /** Those batteries' serials, in the same order, on a job's detail. */
  batterySerials: z.array(z.string()).default([]),
  takeOffAt: z.string().nullable().default(null),
  landedAt: z.string().nullable().default(null),
  maxHeightMetres: z.number().nullable().default(null),
  latitude: z.number().nullable().default(null),
  longitude: z.number().nullable().default(null),
  /** The AirData log imported for it, when one was. */
  log: z.object({ fileName: z.string(), rows: z.number().int(), importedAt: z.string() }).nullable().default(null),
  aircraft: z.string(),
  wind: z.string(),
  temperature: z.string(),
  cloud: z.string(),
  irradiance: z.string(),
});

/**
 * What an event of a job's history is: the job opened (in `to`), a move between two states, a
 * reschedule (the window changed, the state did not), or a note on the job while its state stays
 * `to` (an estimate sent, a deposit paid, the site corrected). Only a move has a `from`, so no event
 * reads as a step from a state to itself (docs/decisions/0048-quote-and-job-life-cycles.md).
 */
const JOB_EVENT_KINDS = ["opened", "moved", "rescheduled", "noted"] as const;

/** One change of a job: who, when, from → to, and the note or reason. Never edited, never deleted. */
const jobEventSchema = z.object({
  id,
  at: isoDate,
  kind: z.enum(JOB_EVENT_KINDS),
  /** The state before a move; null for every other kind. */
  from: status.nullable(),
  to: status,
  by: id.nullable(),
  byName: z.string(),
  note: z.string(),
  /** A reschedule keeps the window it replaced. */
  previousStart: isoDate.nullable(),
  previousEnd: isoDate.nullable(),
});
export type JobEvent = z.input<typeof jobEventSchema>;

/**
 * One step of the customer's timeline: when the job reached it (or went past it without stopping),
 * null while not yet; the flight's step also carries the day the flight record gives (YYYY-MM-DD).
 */
const timelineStepSchema = z.object({ step: z.enum(JOB_STEPS), at: isoDate.nullable(), on: z.iso.date().nullable() });
export type TimelineStep = z.input<typeof timelineStepSchema>;

/** A job as every list shows it. */
export const jobSchema = z.object({
  id,
  status,
  userId: id,
  customerName: z.string(),
  /** None for a quote request's job, which names its service in words (serviceName). */
  serviceId: id.nullable(),
  serviceName: z.string(),
  quoteId: id.nullable(),
  title: z.string(),
  site: siteSchema,
  /** The site as the customer drew it (GeoJSON Polygon, WGS84), and its geodesic area; null until drawn. */
  siteBoundary: z.object({ type: z.literal("Polygon"), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }).nullable(),
  siteArea: siteAreaSchema.nullable(),
  scheduledStart: isoDate.nullable(),
  scheduledEnd: isoDate.nullable(),
  timeZone: z.string(),
  pilotId: id.nullable(),
  pilotName: z.string().nullable(),
  flight: flightSchema.nullable(),
  cancelReason: z.string().nullable(),
  deliveredAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Job = z.input<typeof jobSchema>;

/** GET /api/jobs/:id: the job with its history, its deliverables (the customer's: published ones only), its quote, its payments (towards its quote, estimate or invoices) and its amounts. */
const jobDetailSchema = jobSchema.extend({
  events: z.array(jobEventSchema),
  timeline: z.array(timelineStepSchema),
  reports: z.array(reportSchema),
  media: z.array(mediaItemSchema),
  quote: quoteSchema.nullable(),
  payments: z.array(paymentSchema),
  amounts: jobAmountsSchema,
});
export type JobDetail = z.input<typeof jobDetailSchema>;

/** GET /api/jobs, GET /api/admin/jobs. */
export const jobListSchema = listOf(jobSchema);

/** GET /api/jobs/:id. */
export const jobDetailAnswerSchema = successOf(jobDetailSchema);

/** POST /api/admin/jobs, PATCH /api/admin/jobs/:id: the toast's message and the job as stored. */
export const jobWrittenSchema = successMessageOf(jobDetailSchema);

/** One message of a job's thread between the customer and the business. */
export const jobMessageSchema = z.object({
  id,
  jobId: id,
  authorId: id,
  authorName: z.string(),
  authorRole: z.enum(ROLES),
  body: z.string(),
  createdAt: isoDate,
});
export type JobMessage = z.input<typeof jobMessageSchema>;

/** GET /api/jobs/:id/messages, oldest first. */
export const jobMessageListSchema = listOf(jobMessageSchema);

/** POST /api/jobs/:id/messages. */
export const jobMessageCreatedSchema = successOf(jobMessageSchema);

/** POST /api/admin/jobs/:id/flight-log: the flight record as the log left it. */
export const flightLogAnswerSchema = successMessageOf(flightSchema.omit({ aircraftName: true, batterySerials: true }));
