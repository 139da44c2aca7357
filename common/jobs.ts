import { z } from "zod";
import { isTimeZone } from "./calendar-date";
import { MAX_ID } from "./validation";
import { JOB_MESSAGE_MAX, JOB_STATUSES, jobMessages } from "./job-status";
import { oneLine } from "./one-line";

const text = (max: number) => z.string().trim().max(max);
const line = (label: string, max: number) => oneLine(label).max(max);

const jobId = z.coerce.number().int().positive().max(MAX_ID);

/** Where a job is flown. */
const siteInputSchema = z.object({
  name: line("The site name", 200).min(1, "Name the site"),
  address: line("The site address", 500).default(""),
  latitude: z.number().min(-90, "Latitude is between -90 and 90").max(90, "Latitude is between -90 and 90").nullable().default(null),
  longitude: z.number().min(-180, "Longitude is between -180 and 180").max(180, "Longitude is between -180 and 180").nullable().default(null),
});

/** POST /api/admin/jobs: an admin opens a job for a customer. */
const chosen = (missing: string) => z.coerce.number({ message: missing }).int(missing).positive(missing).max(MAX_ID, missing);

export const createJobSchema = z.object({
  userId: chosen("Select a customer"),
  serviceId: chosen("Select a service"),
  title: line("The title", 200).min(1, "Give the job a title"),
  site: siteInputSchema,
});
export type CreateJobInput = z.input<typeof createJobSchema>;

/** A flight's duration: minutes to a tenth (a proposal from photos gives 9.5), up to a day. */
const flightMessages = {
  durationMinutes: "The duration is 0.1 to 1440 minutes, to a tenth",
  aircraftId: "flight.aircraftId is an aircraft's id",
  batteryIds: "flight.batteryIds are battery ids",
  takeOffAt: "A time as ISO 8601 with its offset",
  maxHeightMetres: "The maximum height is 0 to 10000 metres",
  latitude: "Latitude is between -90 and 90",
  longitude: "Longitude is between -180 and 180",
} as const;

const recordId = (message: string) => z.number({ message }).int(message).positive(message).max(MAX_ID, message);
const instant = z.iso.datetime({ offset: true, message: flightMessages.takeOffAt }).nullable().default(null);

/**
 * The flight record an admin or the job's pilot fills in when marking a job flown, by hand or from
 * the proposal of the job's photos (docs/decisions/0072-flight-records.md): the aircraft by its id
 * in the fleet (the older free-text `aircraft` stays readable), the batteries flown, take-off and
 * landing, the highest height above take-off and where.
 */
const flightInputSchema = z.object({
  flownOn: z.iso.date({ message: "A date as YYYY-MM-DD" }),
  durationMinutes: z
    .number({ message: flightMessages.durationMinutes })
    .min(0.1, flightMessages.durationMinutes)
    .max(24 * 60, flightMessages.durationMinutes)
    .refine((minutes) => Math.abs(minutes * 10 - Math.round(minutes * 10)) < 1e-9, flightMessages.durationMinutes)
    .nullable()
    .default(null),
  pilotId: jobId.nullable().default(null),
  aircraftId: recordId(flightMessages.aircraftId).nullable().default(null),
  batteryIds: z.array(recordId(flightMessages.batteryIds)).max(12, flightMessages.batteryIds).default([]),
  takeOffAt: instant,
  landedAt: instant,
  maxHeightMetres: z
    .number({ message: flightMessages.maxHeightMetres })
    .min(0, flightMessages.maxHeightMetres)
    .max(10_000, flightMessages.maxHeightMetres)
    .nullable()
    .default(null),
  latitude: z.number({ message: flightMessages.latitude }).min(-90, flightMessages.latitude).max(90, flightMessages.latitude).nullable().default(null),
  longitude: z.number({ message: flightMessages.longitude }).min(-180, flightMessages.longitude).max(180, flightMessages.longitude).nullable().default(null),
  aircraft: line("The aircraft", 200).default(""),
  wind: line("The wind", 200).default(""),
  temperature: line("The temperature", 200).default(""),
  cloud: line("The cloud", 200).default(""),
  irradiance: line("The irradiance", 200).default(""),
});

/**
 * PATCH /api/admin/jobs/:id: move a job to `status`. Scheduling (and rescheduling) carries the
 * window and the pilot; cancelling and rescheduling a reason; marking flown the flight record.
 */
export const updateJobSchema = z
  .object({
    status: z.enum(JOB_STATUSES),
    note: text(2_000).default(""),
    reason: text(500).default(""),
    scheduledStart: z.iso.datetime({ offset: true }).optional(),
    scheduledEnd: z.iso.datetime({ offset: true }).optional(),
    timeZone: line("The time zone", 100).default("UTC").refine(isTimeZone, "Choose a time zone such as Europe/Paris"),
    pilotId: jobId.optional(),
    flight: flightInputSchema.optional(),
    /** Scheduling: the aircraft to fly, checked against its records (docs/decisions/0068-operator-records.md); null names none. */
    aircraftId: z
      .number({ message: "aircraftId is an aircraft's id" })
      .int("aircraftId is an aircraft's id")
      .positive("aircraftId is an aircraft's id")
      .max(MAX_ID)
      .nullable()
      .optional(),
    /** Scheduling past the gate (an estimate not accepted, a deposit unpaid, a record lapsed): the admin's reason, kept in the job's history. */
    overrideReason: text(500).default(""),
  })
  .superRefine((body, context) => {
    if (body.status === "scheduled") {
      if (!body.scheduledStart) context.addIssue({ code: "custom", path: ["scheduledStart"], message: jobMessages.windowNeeded });
      if (!body.scheduledEnd) context.addIssue({ code: "custom", path: ["scheduledEnd"], message: jobMessages.windowNeeded });
      if (body.pilotId === undefined) context.addIssue({ code: "custom", path: ["pilotId"], message: jobMessages.windowNeeded });
      if (body.scheduledStart && body.scheduledEnd && Date.parse(body.scheduledEnd) <= Date.parse(body.scheduledStart)) {
        context.addIssue({ code: "custom", path: ["scheduledEnd"], message: jobMessages.windowOrder });
      }
    }
    if (body.status === "cancelled" && !body.reason) context.addIssue({ code: "custom", path: ["reason"], message: jobMessages.reasonNeeded });
    if (body.status === "flown" && !body.flight) context.addIssue({ code: "custom", path: ["flight"], message: jobMessages.flightNeeded });
    const { takeOffAt, landedAt } = body.flight ?? {};
    if (takeOffAt && landedAt && Date.parse(landedAt) < Date.parse(takeOffAt))
      context.addIssue({ code: "custom", path: ["flight", "landedAt"], message: "The landing is at or after the take-off" });
  });
export type UpdateJobInput = z.input<typeof updateJobSchema>;

/** POST /api/jobs/:id/messages. */
export const jobMessageInputSchema = z.object({
  body: z.string().trim().min(1, jobMessages.messageEmpty).max(JOB_MESSAGE_MAX, jobMessages.messageTooLong),
});

const day = (field: string) => z.iso.date({ message: `${field} is a date as YYYY-MM-DD` }).optional();
const optionalId = z.coerce.number().int().positive().max(MAX_ID).optional();

/**
 * GET /api/admin/jobs's filters, each optional. `from` and `to` keep the jobs whose flight window
 * starts on those days or between them (UTC), so a date filter leaves out jobs not yet scheduled.
 */
export const jobFiltersSchema = z
  .object({
    status: z.enum(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(", ")}` }).optional(),
    userId: optionalId,
    serviceId: optionalId,
    pilotId: optionalId,
    q: z.string().trim().max(200).optional(),
    from: day("from"),
    to: day("to"),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, { path: ["to"], message: "to is on or after from" });

/**
 * PATCH /api/admin/jobs/:id/details: an admin corrects a job's title or site (a quote request's
 * job starts with the service's name and no site). The change is an event of the job's history.
 */
export const updateJobDetailsSchema = z
  .object({ title: line("The title", 200).min(1, "Give the job a title").optional(), site: siteInputSchema.optional() })
  .refine((body) => body.title !== undefined || body.site !== undefined, { path: ["title"], message: "Change the title or the site" });
export type UpdateJobDetailsInput = z.input<typeof updateJobDetailsSchema>;
