import { and, eq, gt, isNull, lte, ne, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs, quotes } from "../db/schema";
import { createNotifier } from "../mail/notifications";
import { defineJob, type JobContext } from "../queue/define-job";

const DAY_MS = 86_400_000;

/** The moment `days` working days (Monday to Friday, UTC) before `now`. */
export function workingDaysBefore(now: Date, days: number): Date {
  let at = new Date(now);
  for (let left = days; left > 0; ) {
    at = new Date(at.getTime() - DAY_MS);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** Flights starting within the next day whose window has had no reminder yet (a new window earns a new one). */
function dueFlights(db: Database, now: Date) {
  return db
    .select({ id: jobs.id, start: jobs.scheduledStart })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "scheduled"),
        gt(jobs.scheduledStart, now),
        lte(jobs.scheduledStart, new Date(now.getTime() + DAY_MS)),
        or(isNull(jobs.remindedFor), ne(jobs.remindedFor, jobs.scheduledStart)),
      ),
    );
}

/** Quote requests still pending two working days after they came, whose admins were not reminded yet. */
function waitingQuotes(db: Database, now: Date) {
  return db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.status, "pending"), isNull(quotes.adminRemindedAt), lte(quotes.createdAt, workingDaysBefore(now, 2))));
}

/**
 * Queues the reminders now due (docs/product.md §10): the customer and the pilot the day before a
 * flight, the admins when a quote request has waited two working days. Each mail is queued under a
 * key (the job, its window and the person; the quote), so queuing it again stores nothing; only
 * then is the reminder marked sent. Two sweeps at once queue each mail once, and a sweep that stops
 * between the two steps leaves the reminder due, for the next sweep to queue (a no-op) and mark.
 */
export async function sendDueReminders({ db, queue, log, site }: Pick<JobContext, "db" | "queue" | "log" | "site">, now = new Date()): Promise<void> {
  const notifier = createNotifier(db, queue, log, site);
  for (const flight of await dueFlights(db, now)) {
    const start = flight.start!;
    await notifier.flightReminder(flight.id, start);
    await db
      .update(jobs)
      .set({ remindedFor: start })
      .where(and(eq(jobs.id, flight.id), eq(jobs.scheduledStart, start)));
  }
  for (const quote of await waitingQuotes(db, now)) {
    await notifier.quoteWaiting(quote.id);
    await db
      .update(quotes)
      .set({ adminRemindedAt: now })
      .where(and(eq(quotes.id, quote.id), isNull(quotes.adminRemindedAt)));
  }
}

/**
 * The sweep, sent by pg-boss every minute (a schedule kept in its own table, run wherever workers
 * run: the web instances, or `npm run worker`). A failed sweep is not retried: the next minute's is.
 */
export const remindersJob = defineJob<Record<string, never>>({
  name: "reminders",
  schedule: "* * * * *",
  options: { retryLimit: 0 },
  work: (_data, context) => sendDueReminders(context),
});
