import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { formatMoney } from "@common/money";
import { amountsOfJob } from "../billing/job-amounts";
import type { Database } from "../db/client";
import { jobDocuments, jobMessages, jobs, quotes, users } from "../db/schema";
import { flightCalendar, jobPageUrl } from "./calendar";
import { greetingName, personName } from "@common/person-name";
import { DECLINE_REASON_LEAD, QUOTE_DECLINED_NOTE } from "@common/quote-statuses";
import { type MailSite, noticeSender } from "../mail/notice";
import { businessRecipients } from "../settings/recipients";
import type { TaskQueue } from "../queue/queue";

/**
 * Each resolves once its mail is in the outbox (or there is nobody to tell). None rejects but the
 * reminders, whose sweep claims a reminder only once its mails are stored (server/follow-up/reminders.ts),
 * and a new submission, whose request fails rather than acknowledge a message nobody will hear of
 * (server/routes/contact.ts).
 */
export interface Notifier {
  /** To the customer: a report or media item was delivered to their dashboard. */
  delivered(userId: number, kind: "report" | "media", title: string): Promise<void>;
  /**
   * To the customer: their quote changed status; an acceptance names the job's accepted total as its
   * screens show it, a decline the admin's reason when one was given.
   */
  quoteStatusChanged(quoteId: number, declineReason?: string | null): Promise<void>;
  /** To every admin: a new inquiry or quote request arrived. Rejects when the mail cannot be stored. */
  newSubmission(submission: { name: string; email: string; service: string; message: string; isQuote: boolean }): Promise<void>;
  /** To the job's customer: its flight is scheduled, or rescheduled for `reason`; the window comes as an .ics file. */
  jobScheduled(jobId: number, reason: string | null): Promise<void>;
  /** To the job's customer: its deliverables are published. */
  jobDelivered(jobId: number): Promise<void>;
  /**
   * To the job's customer and its pilot: the flight starting at `start` is tomorrow; nothing if the
   * job has moved since. One mail per person and window, however often it is called; rejects when a
   * mail cannot be stored.
   */
  flightReminder(jobId: number, start: Date): Promise<void>;
  /** To every admin: a quote request has waited two working days. One mail per request, however often it is called; rejects when it cannot be stored. */
  quoteWaiting(quoteId: number): Promise<void>;
  /** To the other side of a job's thread: the customer's message to the admins and the job's pilot, the business's to the customer. */
  jobMessage(messageId: number): Promise<void>;
  /** To the admins and the job's pilot: the customer sent a document for the job (a site plan, a drawing). */
  jobDocument(documentId: number): Promise<void>;
  /** To the job's customer: the business asks to tell the job as a case study on its site; the preview and the answer are on the job's page. */
  caseStudyConsent(jobId: number): Promise<void>;
}

/** A moment as the people at the site read it: "Friday, May 1, 2030 at 10:00 AM". */
const formatWindow = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short", timeZone }).format(at);

/**
 * E-mails about deliveries, quotes and new submissions. The request awaits only the
 * enqueue (a row in the outbox), so an acknowledged change has its mail stored; the outbox's
 * worker sends it. A notice about a change already made elsewhere (a delivery, a status) that
 * cannot be stored is logged and does not undo the change; a new submission's rejects, since the
 * mail is how the admins learn of it.
 */
export function createNotifier(db: Database, queue: Pick<TaskQueue, "send">, log: FastifyBaseLogger, options: MailSite): Notifier {
  const dashboard = { href: `${options.publicUrl}/dashboard`, label: "Open your dashboard" };

  const send = noticeSender(queue, async () => {
    const business = await options.business();
    return { name: business.name, color: business.brandColor };
  });
  const businessAddresses = async () => businessRecipients(db, (await options.business()).notifyEmail);

  const customer = async (userId: number) => {
    const [row] = await db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  };
  const jobLink = (jobId: number) => ({ href: jobPageUrl(options.publicUrl, jobId), label: "Open the job" });
  const jobOf = async (jobId: number) => {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    return row;
  };
  const staffEmails = async (pilotId: number | null) => {
    const pilot = pilotId === null ? [] : await db.select({ email: users.email }).from(users).where(eq(users.id, pilotId));
    return [...new Set([...(await businessAddresses()), ...pilot.map((row) => row.email).filter((email) => !email.endsWith(".invalid"))])];
  };
  /**
   * What an accepted quote costs, as every screen shows it: its job's total, the accepted one or its
   * invoice's once issued (docs/decisions/0047-a-jobs-amounts.md), or the quote's own price for a
   * request older than jobs.
   */
  const quotedPrice = async (quoteId: number): Promise<{ cents: number; currency: string } | null> => {
    const [row] = await db
      .select({ jobId: jobs.id, price: quotes.price })
      .from(quotes)
      .leftJoin(jobs, eq(jobs.quoteId, quotes.id))
      .where(eq(quotes.id, quoteId));
    if (!row) return null;
    if (row.jobId === null) return row.price === null ? null : { cents: row.price, currency: "usd" };
    const amounts = await amountsOfJob(db, row.jobId);
    return amounts.total === null ? null : { cents: amounts.total, currency: amounts.currency };
  };
  const safely = (work: () => Promise<void>) => work().catch((error: unknown) => log.error({ err: error }, "notification could not be queued"));

  return {
    delivered: (userId, kind, title) =>
      safely(async () => {
        const to = await customer(userId);
        if (!to || to.role === "admin") return;
        const what = kind === "report" ? "report" : "media file";
        await send({
          to: [to.email],
          subject: `New ${what} from ${(await options.business()).name}: ${title}`,
          lines: [`Hello ${greetingName(to)},`, `A new ${what}, "${title}", is ready in your dashboard.`],
          link: dashboard,
        });
      }),
    quoteStatusChanged: (quoteId, declineReason) =>
      safely(async () => {
        const [quote] = await db
          .select({ userId: quotes.userId, serviceType: quotes.serviceType, status: quotes.status })
          .from(quotes)
          .where(eq(quotes.id, quoteId));
        const to = quote && (await customer(quote.userId));
        if (!quote || !to) return;
        const { serviceType, status } = quote;
        const quoted = status === "accepted" ? await quotedPrice(quoteId) : null;
        const price = quoted ? ` The quoted price is ${formatMoney(quoted.cents, quoted.currency.toUpperCase())}.` : "";
        // A decline is told as the My Quotes tab tells it (docs/product.md §4), with the reason the admin gave.
        const declined =
          status === "declined"
            ? [QUOTE_DECLINED_NOTE, ...(declineReason ? [`${DECLINE_REASON_LEAD} ${declineReason}`] : []), "Thank you for thinking of us."]
            : [];
        await send({
          to: [to.email],
          subject: `Your ${serviceType} quote request is ${status}`,
          lines: [`Hello ${greetingName(to)},`, `Your quote request for ${serviceType} is now ${status}.${price}`, ...declined],
          link: dashboard,
        });
      }),
    jobScheduled: (jobId, reason) =>
      safely(async () => {
        const job = await jobOf(jobId);
        const to = job && (await customer(job.userId));
        const calendar = job && flightCalendar(job, options.publicUrl);
        if (!job || !to || !calendar || !job.scheduledStart || !job.scheduledEnd) return;
        const window = `${formatWindow(job.scheduledStart, job.timeZone)} to ${formatWindow(job.scheduledEnd, job.timeZone)} (${job.timeZone})`;
        await send({
          to: [to.email],
          subject: `${reason ? "Rescheduled" : "Scheduled"}: ${job.title}`,
          lines: [
            `Hello ${greetingName(to)},`,
            reason
              ? `We moved the flight for "${job.title}" (${reason}). The new window is ${window}.`
              : `The flight for "${job.title}" is scheduled for ${window}.`,
            "The attached file adds it to your calendar.",
          ],
          link: jobLink(job.id),
          attachments: [{ filename: `job-${job.id}.ics`, content: calendar, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
        });
      }),
    flightReminder: async (jobId, start) => {
      const job = await jobOf(jobId);
      if (!job || job.status !== "scheduled" || job.scheduledStart?.getTime() !== start.getTime()) return;
      const when = formatWindow(start, job.timeZone);
      for (const personId of job.pilotId === null ? [job.userId] : [job.userId, job.pilotId]) {
        const person = await customer(personId);
        if (!person) continue;
        await send({
          to: [person.email],
          subject: `Tomorrow: ${job.title}`,
          lines: [`Hello ${greetingName(person)},`, `A reminder: the flight for "${job.title}" starts ${when} (${job.timeZone}).`],
          link: jobLink(job.id),
          key: `flight-reminder:${job.id}:${start.toISOString()}:${personId}`,
        });
      }
    },
    quoteWaiting: async (quoteId) => {
      const [quote] = await db.select({ serviceType: quotes.serviceType, createdAt: quotes.createdAt }).from(quotes).where(eq(quotes.id, quoteId));
      if (!quote) return;
      await send({
        to: await staffEmails(null),
        subject: `A quote request waits for an answer: ${quote.serviceType}`,
        lines: [`A ${quote.serviceType} quote request has waited since ${quote.createdAt.toUTCString()}: approve or decline it in the back office.`],
        link: { href: `${options.publicUrl}/admin-dashboard`, label: "Open the back office" },
        key: `quote-waiting:${quoteId}`,
      });
    },
    jobDelivered: (jobId) =>
      safely(async () => {
        const job = await jobOf(jobId);
        const to = job && (await customer(job.userId));
        if (!job || !to) return;
        await send({
          to: [to.email],
          subject: `Delivered: ${job.title}`,
          lines: [
            `Hello ${greetingName(to)},`,
            `The deliverables of "${job.title}" are ready: its reports and media are on the job's page and in your dashboard.`,
          ],
          link: jobLink(job.id),
        });
      }),
    caseStudyConsent: (jobId) =>
      safely(async () => {
        const job = await jobOf(jobId);
        const to = job && (await customer(job.userId));
        if (!job || !to) return;
        const business = await options.business();
        await send({
          to: [to.email],
          subject: `May we show "${job.title}" on our site?`,
          lines: [
            `Hello ${greetingName(to)},`,
            `${business.name} would like to show the work on "${job.title}" as a case study on its website.`,
            "The job's page shows exactly what would be published. Nothing is shown unless you agree, and you choose whether your company is named; you can withdraw at any time from the same page.",
          ],
          link: { href: jobPageUrl(options.publicUrl, job.id), label: "See the case study and answer" },
        });
      }),
    jobMessage: (messageId) =>
      safely(async () => {
        const [message] = await db.select().from(jobMessages).where(eq(jobMessages.id, messageId));
        const job = message && (await jobOf(message.jobId));
        const author = message && (await customer(message.authorId));
        if (!message || !job || !author) return;
        const fromCustomer = message.authorId === job.userId;
        const recipient = fromCustomer ? null : await customer(job.userId);
        const to = fromCustomer ? await staffEmails(job.pilotId) : recipient ? [recipient.email] : [];
        await send({
          to,
          subject: `New message about ${job.title}`,
          lines: [`${personName(author)} wrote:`, "", ...message.body.split("\n")],
          link: jobLink(job.id),
        });
      }),
    jobDocument: (documentId) =>
      safely(async () => {
        const [document] = await db.select().from(jobDocuments).where(eq(jobDocuments.id, documentId));
        const job = document && (await jobOf(document.jobId));
        const sender = document && (await customer(document.userId));
        if (!document || !job || !sender) return;
        await send({
          to: await staffEmails(job.pilotId),
          subject: `New document for ${job.title}: ${document.title}`,
          lines: [
            `${personName(sender)} sent "${document.title}" (${document.originalName}) for the job "${job.title}".`,
            "It is on the job's page in the back office.",
          ],
          link: { href: `${options.publicUrl}/admin-dashboard/jobs/${job.id}`, label: "Open the job" },
        });
      }),
    newSubmission: async (submission) => {
      await send({
        to: await businessAddresses(),
        subject: `${submission.isQuote ? "New quote request" : "New inquiry"} from ${submission.name}`,
        lines: [`From: ${submission.name} <${submission.email}>`, `Service: ${submission.service}`, "", ...submission.message.split("\n")],
      });
    },
  };
}
