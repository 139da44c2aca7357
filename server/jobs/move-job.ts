import { and, desc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { type createJobSchema, type updateJobDetailsSchema, type updateJobSchema } from "@common/jobs";
import { calendarDateIn } from "@common/calendar-date";
import { canMoveJob, isSettled, PILOT_MOVES, type JobStatus, jobMessages } from "@common/job-status";
import { formatMoney } from "@common/money";
import { serviceLabel } from "@common/services-offered";
import { depositStanding } from "../billing/standing";
import type { Database } from "../db/client";
import { estimates, type FlightRecord, jobEvents, jobs, quotes, services, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { assertFlightRecords, type Lapse, lapsesOn } from "./compliance";
import { keepPreflight } from "./preflight";
import { type Actor, findVisibleJob } from "./read-jobs";

type Quote = typeof quotes.$inferSelect;
type Job = typeof jobs.$inferSelect;

/** A transaction: every move writes the job and its event together, or neither. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The reason a job is cancelled when its quote is declined. */
const QUOTE_DECLINED = "Quote declined";

/**
 * POST /api/admin/jobs: an admin opens a job for a customer directly. The business has agreed to
 * it already, so it starts accepted (a quote request's job starts requested).
 */
export async function createJob(db: Database, actor: Actor, input: z.output<typeof createJobSchema>): Promise<number> {
  const [[customer], [service]] = await Promise.all([
    db.select({ role: users.role }).from(users).where(eq(users.id, input.userId)),
    db.select({ id: services.id }).from(services).where(eq(services.id, input.serviceId)),
  ]);
  if (!customer || customer.role !== "customer") throw new DomainError("invalid", "No such customer", { userId: "No such customer" });
  if (!service) throw new DomainError("invalid", "No such service", { serviceId: "No such service" });
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({
        userId: input.userId,
        serviceId: input.serviceId,
        title: input.title,
        siteName: input.site.name,
        siteAddress: input.site.address,
        siteLatitude: input.site.latitude,
        siteLongitude: input.site.longitude,
        status: "accepted",
      })
      .returning({ id: jobs.id });
    if (!job) throw new Error("insert returned no job");
    await tx.insert(jobEvents).values({ jobId: job.id, toStatus: "accepted", byUserId: actor.id, note: "Opened by the business" });
    return job.id;
  });
}

/** A quote request opens its job, in the quote's own transaction (docs/product.md §10); answers its id. */
export async function openJobForQuote(tx: Transaction, quote: { id: number; userId: number; serviceType: string }): Promise<number> {
  const [job] = await tx
    .insert(jobs)
    .values({ userId: quote.userId, quoteId: quote.id, title: serviceLabel(quote.serviceType) })
    .returning({ id: jobs.id });
  if (!job) throw new Error("insert returned no job");
  await tx.insert(jobEvents).values({ jobId: job.id, toStatus: "requested", byUserId: quote.userId, note: "Quote requested" });
  return job.id;
}

async function assertStaff(tx: Transaction, pilotId: number, field: string): Promise<void> {
  // Shared lock: a role change (PATCH /api/admin/users/:id locks the account for update) waits for this move, or this for it.
  const [pilot] = await tx.select({ role: users.role }).from(users).where(eq(users.id, pilotId)).for("share");
  if (!pilot || (pilot.role !== "pilot" && pilot.role !== "admin"))
    throw new DomainError("invalid", jobMessages.pilotNotStaff, { [field]: jobMessages.pilotNotStaff });
}

/** Writes the move and its event; the status in the WHERE makes two people acting at once unable to both win. */
async function writeMove(
  tx: Transaction,
  job: typeof jobs.$inferSelect,
  to: JobStatus,
  changes: Partial<typeof jobs.$inferInsert>,
  event: Partial<typeof jobEvents.$inferInsert>,
): Promise<void> {
  const [moved] = await tx
    .update(jobs)
    .set({ ...changes, status: to })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, job.status)))
    .returning({ id: jobs.id });
  if (!moved) throw new DomainError("conflict", "The job changed meanwhile; reload and try again");
  await tx.insert(jobEvents).values({ jobId: job.id, fromStatus: job.status, toStatus: to, ...event });
  if (to === "closed" && job.quoteId !== null) {
    // Closing a job completes its quote (docs/product.md §10); only an accepted quote can be completed.
    await tx
      .update(quotes)
      .set({ status: "completed" })
      .where(and(eq(quotes.id, job.quoteId), eq(quotes.status, "accepted")));
  }
}

/** What the scheduling gate found missing: the field it is named under, the 409's message, and the history's words for it. */
interface Missing {
  field: "estimate" | "deposit" | Lapse["field"];
  message: string;
  what: string;
}

/**
 * The estimate's part of the scheduling gate (docs/decisions/0026-quote-to-cash.md): a job with an
 * estimate is scheduled once its latest revision is accepted and the deposit asked is paid. A job
 * without an estimate (SPEC's quote with a price, or one the business opened) passes. Null when
 * nothing is missing.
 */
async function missingForScheduling(tx: Transaction, jobId: number): Promise<Missing | null> {
  const [latest] = await tx
    .select({ id: estimates.id, status: estimates.status, currency: estimates.currency })
    .from(estimates)
    .where(and(eq(estimates.jobId, jobId), ne(estimates.status, "superseded")))
    .orderBy(desc(estimates.revision))
    .limit(1);
  if (!latest) return null;
  if (latest.status !== "accepted") return { field: "estimate", message: jobMessages.estimateNotAccepted, what: "an accepted estimate" };
  const deposit = await depositStanding(tx, latest.id);
  if (deposit.balance === 0) return null;
  const due = formatMoney(deposit.balance, latest.currency);
  return { field: "deposit", message: jobMessages.depositUnpaid(due), what: `the deposit of ${due} paid` };
}

/** The business's calendar and money, which the operator's records are checked in. */
export interface SchedulingBusiness {
  timeZone: string;
  currency: string;
}

/**
 * The scheduling gate: scheduling checks the estimate and deposit, scheduling and rescheduling the
 * operator's records on the flight's day in the business's zone (docs/decisions/0068-operator-records.md).
 * Everything missing is named together, one field each, in a 409, unless the admin gave an override
 * reason, which the event's note keeps with what it overrode ("Scheduled without …: reason").
 */
async function passGate(
  tx: Transaction,
  job: Job,
  input: { start: Date; pilotId: number; aircraftId: number | null; overrideReason: string; rescheduling: boolean },
  business: SchedulingBusiness,
): Promise<string> {
  const missing: Missing[] = [];
  const estimate = input.rescheduling ? null : await missingForScheduling(tx, job.id);
  if (estimate) missing.push(estimate);
  const day = calendarDateIn(business.timeZone, input.start);
  missing.push(...(await lapsesOn(tx, { day, pilotId: input.pilotId, aircraftId: input.aircraftId, customerId: job.userId, currency: business.currency })));
  if (missing.length === 0) return "";
  if (!input.overrideReason) {
    throw new DomainError("conflict", missing.map((item) => item.message).join(" "), Object.fromEntries(missing.map((item) => [item.field, item.message])));
  }
  return `Scheduled without ${missing.map((item) => item.what).join(", ")}: ${input.overrideReason}`;
}

/**
 * PATCH /api/admin/jobs/:id: moves the job to `input.status` with what that move carries (the
 * window and pilot, a reason, the flight record), and records the event. An admin may make every
 * legal move; a pilot only the flight's own on the jobs assigned to them.
 */
export async function moveJob(
  db: Database,
  actor: Actor,
  id: number,
  input: z.output<typeof updateJobSchema>,
  business: SchedulingBusiness,
): Promise<{ from: JobStatus; declinedQuote: Quote | null }> {
  return db.transaction(async (tx) => {
    const visible = await findVisibleJob(tx, actor, id);
    // The quote's row is locked before the job's, the order in which PATCH /api/admin/quotes/:id takes them.
    const [quote] = visible.quoteId === null ? [] : await tx.select().from(quotes).where(eq(quotes.id, visible.quoteId)).for("update");
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, visible.id)).for("update");
    if (!job) throw new DomainError("not-found", jobMessages.notFound);
    const to = input.status;
    if (!canMoveJob(job.status, to))
      throw new DomainError("conflict", jobMessages.illegalTransition(job.status, to), { status: jobMessages.illegalTransition(job.status, to) });
    if (actor.role !== "admin" && PILOT_MOVES[job.status] !== to) throw new DomainError("forbidden", `A pilot cannot move a job from ${job.status} to ${to}`);
    // A quote's job and its quote move together (docs/product.md §10): accepting happens on the
    // quote, which sets its price; cancelling the job declines a quote still pending.
    const quotePending = quote?.status === "pending";
    if (to === "accepted" && quotePending) throw new DomainError("conflict", jobMessages.approveQuoteFirst, { status: jobMessages.approveQuoteFirst });
    let declinedQuote: Quote | null = null;
    if (to === "cancelled" && quotePending) {
      [declinedQuote = null] = await tx
        .update(quotes)
        .set({ status: "declined" })
        .where(and(eq(quotes.id, quote.id), eq(quotes.status, "pending")))
        .returning();
    }

    const note = input.note;
    switch (to) {
      case "scheduled": {
        const rescheduling = job.status === "scheduled";
        if (rescheduling && !input.reason) throw new DomainError("invalid", jobMessages.reasonNeeded, { reason: jobMessages.reasonNeeded });
        await assertStaff(tx, input.pilotId!, "pilotId");
        // Rescheduling without naming the aircraft keeps the one chosen before; null leaves it unnamed.
        const aircraftId = input.aircraftId === undefined ? job.aircraftId : input.aircraftId;
        const window = {
          scheduledStart: new Date(input.scheduledStart!),
          scheduledEnd: new Date(input.scheduledEnd!),
          timeZone: input.timeZone,
          pilotId: input.pilotId!,
          aircraftId,
        };
        const gate = { start: window.scheduledStart, pilotId: window.pilotId, aircraftId, overrideReason: input.overrideReason, rescheduling };
        const override = await passGate(tx, job, gate, business);
        const event = rescheduling
          ? { previousStart: job.scheduledStart, previousEnd: job.scheduledEnd, note: [input.reason, override, note].filter(Boolean).join(" — ") }
          : { note: [override, note].filter(Boolean).join(" — ") };
        // A new day asks the checklist afresh (NOTAMs, weather): a reschedule clears its ticks (docs/decisions/0074-preflight-checklist.md).
        await writeMove(tx, job, to, rescheduling ? { ...window, preflight: null } : window, { ...event, byUserId: actor.id });
        break;
      }
      case "flown": {
        // Today at the site: a flight recorded in the job's zone is never dated after the site's own calendar day.
        if (input.flight!.flownOn > calendarDateIn(job.timeZone))
          throw new DomainError("invalid", jobMessages.flownInFuture, { "flight.flownOn": jobMessages.flownInFuture });
        const flight: FlightRecord = {
          ...input.flight!,
          batteryIds: [...new Set(input.flight!.batteryIds)],
          pilotId: input.flight!.pilotId ?? job.pilotId,
          // An imported flight log stays with the record it was attached to, until another replaces it.
          log: job.flight?.log ?? null,
        };
        if (input.flight!.pilotId !== null) await assertStaff(tx, input.flight!.pilotId, "flight.pilotId");
        await assertFlightRecords(tx, flight);
        // The pre-flight checklist's blockers, and the checklist kept with the flight (docs/decisions/0074-preflight-checklist.md).
        const checklist = await keepPreflight(tx, job, actor, input.overrideReason);
        await writeMove(
          tx,
          job,
          to,
          { flight, preflight: checklist.preflight },
          { note: [checklist.note, note].filter(Boolean).join(" — "), byUserId: actor.id },
        );
        break;
      }
      case "cancelled":
        await writeMove(
          tx,
          job,
          to,
          { cancelReason: input.reason },
          { note: [input.reason, note, declinedQuote ? QUOTE_DECLINED : ""].filter(Boolean).join(" — "), byUserId: actor.id },
        );
        break;
      case "delivered":
        // Publishes every deliverable held for the job at once: the customer's lists show a job's items from this state on.
        await writeMove(tx, job, to, { deliveredAt: new Date() }, { note, byUserId: actor.id });
        break;
      default:
        await writeMove(tx, job, to, {}, { note, byUserId: actor.id });
    }
    return { from: job.status, declinedQuote };
  });
}

/**
 * An admin's decision on a quote moves its job, in the quote's transaction: accepted → accepted,
 * declined → cancelled ("Quote declined"), completed → closed where the job may close.
 * A job already past that point stays where it is.
 */
export async function followQuote(tx: Transaction, quoteId: number, status: "accepted" | "declined" | "completed", actor: Actor): Promise<void> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.quoteId, quoteId)).for("update");
  if (!job) return;
  const to: JobStatus = status === "accepted" ? "accepted" : status === "declined" ? "cancelled" : "closed";
  if (!canMoveJob(job.status, to)) return;
  const changes = to === "cancelled" ? { cancelReason: QUOTE_DECLINED } : {};
  await writeMove(tx, job, to, changes, { byUserId: actor.id, note: to === "cancelled" ? QUOTE_DECLINED : `Quote ${status}` });
}

/**
 * Locks a job and its quote for an estimate's write, in the order moveJob and PATCH
 * /api/admin/quotes/:id take them (the quote's row, then the job's), so the two never deadlock.
 */
export async function lockJobWithQuote(tx: Transaction, jobId: number): Promise<{ job: Job; quote: Quote | null }> {
  const [head] = await tx.select({ quoteId: jobs.quoteId }).from(jobs).where(eq(jobs.id, jobId));
  if (!head) throw new DomainError("not-found", jobMessages.notFound, { jobId: jobMessages.notFound });
  const [quote] = head.quoteId === null ? [] : await tx.select().from(quotes).where(eq(quotes.id, head.quoteId)).for("update");
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job) throw new DomainError("not-found", jobMessages.notFound, { jobId: jobMessages.notFound });
  return { job, quote: quote ?? null };
}

/**
 * Sending an estimate answers the quote request (docs/decisions/0026-quote-to-cash.md): a pending
 * quote becomes accepted, its price left empty (the estimate prices the job), while the job waits,
 * requested, for the customer's acceptance.
 */
export async function takeQuoteForEstimate(tx: Transaction, quote: Quote | null): Promise<void> {
  if (quote?.status !== "pending") return;
  await tx
    .update(quotes)
    .set({ status: "accepted" })
    .where(and(eq(quotes.id, quote.id), eq(quotes.status, "pending")));
}

/**
 * The customer accepted the job's estimate: a requested job moves to accepted ("Estimate accepted"),
 * its quote too if still pending; a job already further on keeps its state and the event says so.
 * Called in the acceptance's transaction, with the rows lockJobWithQuote locked.
 */
export async function acceptJobForEstimate(tx: Transaction, { job, quote }: { job: Job; quote: Quote | null }, actor: Actor, note: string): Promise<void> {
  await takeQuoteForEstimate(tx, quote);
  if (job.status === "requested") await writeMove(tx, job, "accepted", {}, { byUserId: actor.id, note });
  else await recordEstimateEvent(tx, job, actor, note);
}

/** An estimate was sent, revised or answered: the job's history says so, its state unchanged. */
export async function recordEstimateEvent(tx: Transaction, job: Job, actor: Actor, note: string): Promise<void> {
  await tx.insert(jobEvents).values({ jobId: job.id, fromStatus: job.status, toStatus: job.status, byUserId: actor.id, note });
}

/**
 * PATCH /api/admin/jobs/:id/details: an admin corrects a job's title or site until it is closed or
 * cancelled. The change is an event that keeps the job's state (from = to) and names what changed.
 */
export async function updateJobDetails(db: Database, actor: Actor, id: number, input: z.output<typeof updateJobDetailsSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
    if (!job) throw new DomainError("not-found", jobMessages.notFound);
    if (isSettled(job.status)) throw new DomainError("conflict", jobMessages.settled(job.status));
    const changes: Partial<typeof jobs.$inferInsert> = {};
    const notes: string[] = [];
    if (input.title !== undefined && input.title !== job.title) {
      changes.title = input.title;
      notes.push("Title changed");
    }
    const site = input.site;
    if (
      site &&
      (site.name !== job.siteName || site.address !== job.siteAddress || site.latitude !== job.siteLatitude || site.longitude !== job.siteLongitude)
    ) {
      Object.assign(changes, { siteName: site.name, siteAddress: site.address, siteLatitude: site.latitude, siteLongitude: site.longitude });
      notes.push(`Site changed: ${site.name}`);
    }
    // The same title and site again change nothing, and leave no event.
    if (notes.length === 0) return;
    await tx.update(jobs).set(changes).where(eq(jobs.id, job.id));
    await tx.insert(jobEvents).values({ jobId: job.id, fromStatus: job.status, toStatus: job.status, byUserId: actor.id, note: notes.join("; ") });
  });
}
