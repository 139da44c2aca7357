import { and, eq, gt, isNull, lt, lte, ne, or } from "drizzle-orm";
import { addDays, calendarDateIn } from "@common/calendar-date";
import { OVERDUE_REMINDER_DAYS } from "@common/invoices";
import { invoiceStanding } from "../billing/standing";
import type { Database } from "../db/client";
import { invoices, jobs, quotes } from "../db/schema";
import { mailInvoiceOverdue } from "../invoices/invoice-mails";
import { createNotifier } from "../jobs/notifier";
import { sendRecordReminders } from "./record-reminders";
import type { MailSite } from "../mail/notice";
import type { FastifyBaseLogger } from "fastify";
import type { BillingSource } from "../billing/settings";
import { defineTask } from "../queue/define-task";
import type { TaskQueue } from "../queue/queue";

const DAY_MS = 86_400_000;

/** What the sweep uses: it queues the mails it decides on, in the business's day. */
interface RemindersContext {
  db: Database;
  queue: Pick<TaskQueue, "send">;
  log: FastifyBaseLogger;
  site: MailSite;
  billing: BillingSource;
}

/** The moment `days` working days (Monday to Friday, UTC) before `now`. */
export function workingDaysBefore(now: Date, days: number): Date {
  let at = new Date(now);
  for (let left = days; left > 0;) {
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

/** Open invoices whose first overdue reminder day has come (today in the business's zone) and that are not reminded of every day yet. */
function overdueInvoices(db: Database, today: string) {
  return db
    .select({ id: invoices.id, estimateId: invoices.estimateId, total: invoices.total, dueDate: invoices.dueDate, remindersSent: invoices.remindersSent })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, "open"),
        lt(invoices.remindersSent, OVERDUE_REMINDER_DAYS.length),
        lte(invoices.dueDate, addDays(today, -OVERDUE_REMINDER_DAYS[0])),
      ),
    );
}

/** How many of the overdue reminder days (3 and 7 after the due date) have come by `today`. */
export function overdueRemindersDue(dueDate: string, today: string): number {
  return OVERDUE_REMINDER_DAYS.filter((days) => addDays(dueDate, days) <= today).length;
}

/**
 * The overdue invoice reminders: to the customer of an open invoice with a balance,
 * 3 and then 7 days after its due date, as the business counts days. The latest reminder due is the
 * one sent, so an invoice found late (the sweep down for a week) gets one mail, not two at once.
 * Queued under its key first, then counted in reminders_sent, as the other reminders.
 */
async function sendOverdueInvoiceReminders({ db, queue, billing: settingsNow }: Pick<RemindersContext, "db" | "queue" | "billing">, now: Date): Promise<void> {
  const billing = await settingsNow();
  const today = calendarDateIn(billing.timeZone, now);
  for (const invoice of await overdueInvoices(db, today)) {
    const due = overdueRemindersDue(invoice.dueDate, today);
    if (due <= invoice.remindersSent || (await invoiceStanding(db, invoice)).balance === 0) continue;
    await mailInvoiceOverdue({ db, queue, billing }, invoice.id, due);
    await db
      .update(invoices)
      .set({ remindersSent: due })
      .where(and(eq(invoices.id, invoice.id), lt(invoices.remindersSent, due)));
  }
}

/**
 * Queues the reminders now due (docs/product.md §10): the customer and the pilot the day before a
 * flight, the admins when a quote request has waited two working days, the customer when an invoice
 * is overdue, the admins and the pilot concerned as an operator's record nears its expiry. Each mail is queued under a
 * key (the job, its window and the person; the quote), so queuing it again stores nothing; only
 * then is the reminder marked sent. Two sweeps at once queue each mail once, and a sweep that stops
 * between the two steps leaves the reminder due, for the next sweep to queue (a no-op) and mark.
 */
export async function sendDueReminders({ db, queue, log, site, billing }: RemindersContext, now = new Date()): Promise<void> {
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
  await sendOverdueInvoiceReminders({ db, queue, billing }, now);
  await sendRecordReminders({ db, queue, site }, calendarDateIn((await billing()).timeZone, now));
}

/**
 * The sweep, sent by pg-boss every minute (a schedule kept in its own table, run wherever workers
 * run: the web instances, or `npm run worker`). A failed sweep is not retried: the next minute's is.
 */
export const remindersTask = defineTask<Record<string, never>, RemindersContext>({
  name: "reminders",
  schedule: "* * * * *",
  options: { retryLimit: 0 },
  work: (_data, context) => sendDueReminders(context),
});
