import { and, count, desc, eq, not, type SQL, sql } from "drizzle-orm";
import { personName } from "@common/person-name";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactRequestSchema } from "@common/contact";
import { contactCreatedSchema, contactQuerySchema, contactSubmissionListSchema } from "@common/contract/contact";
import { isQuoteMessage, parseQuoteMessage, QUOTE_PREFIX } from "@common/quotes";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { contactSubmissions, jobs, quotes } from "../db/schema";
import { DomainError } from "../domain-errors";
import { containsText } from "../db/search";
import { openJobForQuote } from "../jobs/move-job";
import { requireAdmin } from "../auth/session-hook";
import { answers } from "../http/answers";
import { pageAnswer, pageWindow } from "../http/pagination";
import { HttpError } from "../http/errors";
import type { Notifier } from "../jobs/notifier";
import { limitPerAddress } from "../http/rate-limit";

const THANKS = "Thank you for contacting us. We'll get back to you soon!";
const QUOTE_THANKS = "Your quote request has been received. We'll review it and get back to you soon.";

// isQuoteMessage in SQL: the quote line after any leading white space (docs/product.md §3).
const isQuoteRow = sql`${contactSubmissions.message} ~ ${`^\\s*${QUOTE_PREFIX}`}`;

/** The submissions of one kind (inquiries or quote requests) holding the words searched for. */
function contactFilter(kind: "message" | "quote" | undefined, q: string | undefined): SQL | undefined {
  const ofKind = kind === undefined ? undefined : kind === "quote" ? isQuoteRow : not(isQuoteRow);
  const words = q ? containsText(q, [contactSubmissions.name, contactSubmissions.email, contactSubmissions.phone, contactSubmissions.message]) : undefined;
  return and(ofKind, words);
}

const NOT_SENT = "Your message could not be sent just now. Please try again in a moment.";

/**
 * Queues the admins' mail about a submission just stored. The queue cannot share the insert's
 * transaction (server/queue/queue.ts), so when the mail cannot be stored the submission is taken
 * back (its quote goes with it; its job is removed) and the request fails with 503: nothing is
 * acknowledged that nobody will hear of, and the sender's retry makes no second copy.
 */
async function notifyOrWithdraw(db: Database, notify: () => Promise<void>, stored: { contactId: number; jobId?: number }): Promise<void> {
  try {
    await notify();
  } catch (error) {
    await db.transaction(async (tx) => {
      if (stored.jobId !== undefined) await tx.delete(jobs).where(eq(jobs.id, stored.jobId));
      await tx.delete(contactSubmissions).where(eq(contactSubmissions.id, stored.contactId));
    });
    throw new DomainError("unavailable", NOT_SENT, undefined, { cause: error });
  }
}

interface ContactRouteOptions {
  db: Database;
  notifier: Notifier;
  rateLimits: Config["rateLimits"];
}

export const contactRoutes: FastifyPluginAsync<ContactRouteOptions> = async (base, { db, notifier, rateLimits }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/contact — anyone for an inquiry (rate-limited per address); a logged-in customer
   * for a quote request, which is also stored as a quote of theirs with status pending.
   */
  app.post(
    "/api/contact",
    {
      schema: { description: "A quote request (a message starting with the quote line) needs a logged-in customer.", body: contactRequestSchema, response: answers({ 201: contactCreatedSchema }) },
      config: limitPerAddress(rateLimits.contact, rateLimits.windowMs, "Too many messages from your address. Please wait a few minutes and try again."),
    },
    async (request, reply) => {
      const { website, ...submission } = request.body;
      // A filled honeypot is a bot: answer as if stored so it learns nothing, but keep nothing.
      if (website) {
        request.log.info("contact honeypot triggered; submission dropped");
        return reply.code(201).send({ success: true as const, message: THANKS });
      }
      if (!isQuoteMessage(submission.message)) {
        const [row] = await db
          .insert(contactSubmissions)
          .values({ ...submission, phone: submission.phone || null })
          .returning({ id: contactSubmissions.id });
        if (!row) throw new Error("insert returned no contact submission");
        await notifyOrWithdraw(db, () => notifier.newSubmission({ ...submission, isQuote: false }), { contactId: row.id });
        return reply.code(201).send({ success: true as const, message: THANKS, data: row });
      }

      const user = request.user;
      if (!user) throw new HttpError(401, "You must be logged in to submit a quote request");
      const quote = parseQuoteMessage(submission.message);
      if (!quote) throw new HttpError(400, "Missing fields: Please fill in the service type and project description");
      // The account, not the form, says who is asking.
      const name = personName(user);
      const stored = await db.transaction(async (tx) => {
        const [contact] = await tx
          .insert(contactSubmissions)
          .values({ name, email: user.email, phone: submission.phone || null, service: submission.service, message: submission.message })
          .returning({ id: contactSubmissions.id });
        if (!contact) throw new Error("insert returned no contact submission");
        const [row] = await tx
          .insert(quotes)
          .values({ userId: user.id, contactSubmissionId: contact.id, ...quote })
          .returning({ id: quotes.id });
        if (!row) throw new Error("insert returned no quote");
        // Every quote request opens its job, tied to it (docs/product.md §10).
        const jobId = await openJobForQuote(tx, { id: row.id, userId: user.id, serviceType: quote.serviceType });
        return { id: contact.id, quoteId: row.id, jobId };
      });
      await notifyOrWithdraw(db, () => notifier.newSubmission({ name, email: user.email, service: submission.service, message: submission.message, isQuote: true }), { contactId: stored.id, jobId: stored.jobId });
      return reply.code(201).send({ success: true as const, message: QUOTE_THANKS, data: stored });
    },
  );

  /**
   * GET /api/contact?page=&pageSize=&q=&kind= — admins only: submissions, newest first; with page
   * or pageSize one page of them, with the total the filters match.
   */
  app.get(
    "/api/contact",
    { preValidation: requireAdmin, schema: { querystring: contactQuerySchema, response: answers({ 200: contactSubmissionListSchema }) } },
    async (request) => {
      const where = contactFilter(request.query.kind, request.query.q);
      return pageAnswer(
        pageWindow(request.query),
        async (window) => {
          const query = db.select().from(contactSubmissions).where(where).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
          return window ? query.limit(window.limit).offset(window.offset) : query;
        },
        async () => {
          const [row] = await db.select({ total: count() }).from(contactSubmissions).where(where);
          return row?.total ?? 0;
        },
      );
    },
  );
};
