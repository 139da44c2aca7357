import { fullFlight } from "./flight-record";
import { and, asc, count, desc, eq, getTableName, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { personName } from "@common/person-name";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { jobSchema } from "@common/contract/jobs";
import { type jobFiltersSchema } from "@common/jobs";
import { type JobStatus, jobMessages } from "@common/job-status";
import { siteArea } from "@common/site-area-of";
import { serviceLabel } from "@common/services-offered";
import type { Database } from "../db/client";
import { containsText } from "../db/search";
import { aircraft, batteries, jobEvents, jobs, media, quotes, reports, services, type User, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { publicMedia, publicReport } from "../media/public-rows";
import { jobTimeline } from "./timeline";

/** Who is asking: what they may see of a job depends on their role and on whose job it is. */
export type Actor = Pick<User, "id" | "role">;

/** The states in which a job's deliverables are published to its customer (docs/product.md §10). */
const PUBLISHED_STATES: readonly JobStatus[] = ["delivered", "closed"];
export const isPublishedState = (status: JobStatus): boolean => PUBLISHED_STATES.includes(status);

/**
 * A report or media row its customer may see: made outside a job, or for a job already delivered.
 * Until then the job's admins and pilot see it, the customer does not.
 */
export function published(table: typeof reports | typeof media): SQL {
  // Spelled out: inside a one-table select Drizzle leaves columns unqualified, and "id" would be ambiguous.
  const name = getTableName(table);
  const states = PUBLISHED_STATES.map((state) => `'${state}'`).join(", ");
  return sql.raw(`("${name}"."job_id" is null or exists (select 1 from "jobs" where "jobs"."id" = "${name}"."job_id" and "jobs"."status" in (${states})))`);
}

const pilots = alias(users, "pilots");
/** A person as lists and documents name them: first and last name, or the username when they gave none. */

const listColumns = {
  job: jobs,
  customer: { username: users.username, firstName: users.firstName, lastName: users.lastName },
  serviceName: services.name,
  quoteServiceType: quotes.serviceType,
  pilot: { username: pilots.username, firstName: pilots.firstName, lastName: pilots.lastName },
};

type ListRow = {
  job: typeof jobs.$inferSelect;
  customer: { username: string; firstName: string; lastName: string };
  serviceName: string | null;
  quoteServiceType: string | null;
  pilot: { username: string; firstName: string; lastName: string } | null;
};

/** A job as every list shows it; a quote's job names its service as the request did. */
function shapeJob({ job, customer, serviceName, quoteServiceType, pilot }: ListRow): z.output<typeof jobSchema> {
  return {
    id: job.id,
    status: job.status,
    userId: job.userId,
    customerName: personName(customer),
    serviceId: job.serviceId,
    serviceName: serviceName ?? (quoteServiceType ? serviceLabel(quoteServiceType) : ""),
    quoteId: job.quoteId,
    title: job.title,
    site: { name: job.siteName, address: job.siteAddress, latitude: job.siteLatitude, longitude: job.siteLongitude },
    siteBoundary: job.siteBoundary,
    siteArea: job.siteBoundary ? siteArea(job.siteBoundary) : null,
    scheduledStart: job.scheduledStart,
    scheduledEnd: job.scheduledEnd,
    timeZone: job.timeZone,
    pilotId: job.pilotId,
    pilotName: pilot ? personName(pilot) : null,
    flight: job.flight ? { ...fullFlight(job.flight), aircraftName: null, batterySerials: [] } : null,
    cancelReason: job.cancelReason,
    deliveredAt: job.deliveredAt,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

function selectJobs(db: Database, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.userId))
    .leftJoin(services, eq(services.id, jobs.serviceId))
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .leftJoin(pilots, eq(pilots.id, jobs.pilotId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
}

const DAY_MS = 86_400_000;

/** The start of a day given as YYYY-MM-DD, in UTC. */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/**
 * The jobs a list shows: a customer's own (`owner`), the back office's (an admin: all; a pilot:
 * those assigned to them), narrowed by the filters.
 */
export async function listJobs(db: Database, scope: { owner: number } | { staff: Actor }, filters: z.output<typeof jobFiltersSchema> = {}) {
  const conditions: (SQL | undefined)[] = [];
  if ("owner" in scope) conditions.push(eq(jobs.userId, scope.owner));
  else if (scope.staff.role !== "admin") conditions.push(eq(jobs.pilotId, scope.staff.id));
  if (filters.status) conditions.push(eq(jobs.status, filters.status));
  if (filters.userId) conditions.push(eq(jobs.userId, filters.userId));
  if (filters.serviceId) conditions.push(eq(jobs.serviceId, filters.serviceId));
  if (filters.pilotId) conditions.push(eq(jobs.pilotId, filters.pilotId));
  // A date filter keeps the jobs whose window starts on those days (UTC); a job not scheduled has no window and drops out.
  if (filters.from) conditions.push(gte(jobs.scheduledStart, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(jobs.scheduledStart, new Date(dayStart(filters.to).getTime() + DAY_MS)));
  if (filters.q) conditions.push(containsText(filters.q, [jobs.title, jobs.siteName, jobs.siteAddress, users.username, users.firstName, users.lastName]));
  const rows = await selectJobs(db, and(...conditions));
  return rows.map(shapeJob);
}

/** How many jobs are in each of these states (every job, as an admin's board counts them). */
export async function countJobsIn<const State extends JobStatus>(db: Database, states: readonly State[]): Promise<Record<State, number>> {
  const rows = await db.select({ status: jobs.status, n: count() }).from(jobs).where(inArray(jobs.status, states)).groupBy(jobs.status);
  return Object.fromEntries(states.map((state) => [state, rows.find((row) => row.status === state)?.n ?? 0])) as Record<State, number>;
}

/** Whether the actor flies the job: a pilot (or admin) assigned to it; an account made a customer since flies nothing. */
export const flies = (actor: Actor, job: Pick<typeof jobs.$inferSelect, "pilotId">): boolean => actor.role !== "customer" && job.pilotId === actor.id;

/** Whether the actor may see the job: its customer, its pilot, and the admins. */
const maySee = (actor: Actor, job: Pick<typeof jobs.$inferSelect, "userId" | "pilotId">): boolean =>
  actor.role === "admin" || job.userId === actor.id || flies(actor, job);

/** The job, if the actor may see it; otherwise not found (whether it exists is not theirs to know). */
export async function findVisibleJob(db: Pick<Database, "select">, actor: Actor, id: number) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!job || !maySee(actor, job)) throw new DomainError("not-found", jobMessages.notFound);
  return job;
}

/** The job with its history (oldest first) and its deliverables: the customer's, published ones only. */
/**
 * An event's kind and `from` as the history shows them: a row that keeps the job's state (stored
 * with from = to, as estimates, deposits and corrections are) is a note or a reschedule, not a step
 * (docs/decisions/0048-quote-and-job-life-cycles.md).
 */
function eventStep(event: Pick<typeof jobEvents.$inferSelect, "fromStatus" | "toStatus" | "previousStart">): {
  kind: "opened" | "moved" | "rescheduled" | "noted";
  from: JobStatus | null;
} {
  if (event.fromStatus === null) return { kind: "opened", from: null };
  if (event.fromStatus !== event.toStatus) return { kind: "moved", from: event.fromStatus };
  return { kind: event.previousStart === null ? "noted" : "rescheduled", from: null };
}

export async function readJob(db: Database, actor: Actor, id: number) {
  const job = await findVisibleJob(db, actor, id);
  const seesHeld = actor.role === "admin" || flies(actor, job);
  const [[row], events, jobReports, jobMedia] = await Promise.all([
    selectJobs(db, eq(jobs.id, id)),
    db
      .select({ event: jobEvents, by: { username: users.username, firstName: users.firstName, lastName: users.lastName } })
      .from(jobEvents)
      .leftJoin(users, eq(users.id, jobEvents.byUserId))
      .where(eq(jobEvents.jobId, id))
      .orderBy(asc(jobEvents.at), asc(jobEvents.id)),
    db
      .select()
      .from(reports)
      .where(and(eq(reports.jobId, id), seesHeld ? undefined : published(reports)))
      .orderBy(desc(reports.createdAt)),
    db
      .select()
      .from(media)
      .where(and(eq(media.jobId, id), seesHeld ? undefined : published(media)))
      .orderBy(desc(media.createdAt)),
  ]);
  if (!row) throw new DomainError("not-found", jobMessages.notFound);
  const shaped = shapeJob(row);
  const flownAircraftId = row.job.flight?.aircraftId ?? null;
  if (shaped.flight && flownAircraftId !== null) {
    const [craft] = await db
      .select({ make: aircraft.make, model: aircraft.model, serial: aircraft.serial })
      .from(aircraft)
      .where(eq(aircraft.id, flownAircraftId));
    shaped.flight.aircraftName = craft ? `${craft.make} ${craft.model} (${craft.serial})` : null;
  }
  const batteryIds = shaped.flight?.batteryIds ?? [];
  if (shaped.flight && batteryIds.length > 0) {
    const flown = await db.select({ id: batteries.id, serial: batteries.serial }).from(batteries).where(inArray(batteries.id, batteryIds));
    shaped.flight.batterySerials = batteryIds.map((batteryId) => flown.find((battery) => battery.id === batteryId)?.serial ?? `#${batteryId}`);
  }
  return {
    ...shaped,
    events: events.map(({ event, by }) => ({
      id: event.id,
      at: event.at,
      ...eventStep(event),
      to: event.toStatus,
      by: event.byUserId,
      byName: by ? personName(by) : "",
      note: event.note,
      previousStart: event.previousStart,
      previousEnd: event.previousEnd,
    })),
    timeline: jobTimeline(
      events.map(({ event }) => ({ at: event.at, to: event.toStatus })),
      row.job.flight,
    ),
    reports: jobReports.map(publicReport),
    media: jobMedia.map(publicMedia),
  };
}
