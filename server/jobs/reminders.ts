import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs, quotes } from "../db/schema";
import type { Notifier } from "../mail/notifications";

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

/**
 * Sends the reminders now due: the customer and the pilot the day before a flight, the admins when
 * a quote request has waited two working days. Each is claimed by one UPDATE before it is queued,
 * so with several instances sweeping at once, PostgreSQL's row locks let exactly one claim it.
 */
async function sendDueReminders(db: Database, notifier: Notifier, now = new Date()): Promise<void> {
  const flights = await db
    .update(jobs)
    .set({ remindedFor: sql`${jobs.scheduledStart}` })
    .where(
      and(
        eq(jobs.status, "scheduled"),
        gt(jobs.scheduledStart, now),
        lte(jobs.scheduledStart, new Date(now.getTime() + DAY_MS)),
        or(isNull(jobs.remindedFor), sql`${jobs.remindedFor} <> ${jobs.scheduledStart}`),
      ),
    )
    .returning({ id: jobs.id });
  const waiting = await db
    .update(quotes)
    .set({ adminRemindedAt: now })
    .where(and(eq(quotes.status, "pending"), isNull(quotes.adminRemindedAt), lte(quotes.createdAt, workingDaysBefore(now, 2))))
    .returning({ id: quotes.id });
  for (const flight of flights) await notifier.flightReminder(flight.id);
  for (const quote of waiting) await notifier.quoteWaiting(quote.id);
}

/** Sweeps every `intervalMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startReminders(db: Database, notifier: Notifier, intervalMs: number, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sendDueReminders(db, notifier)).catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}
