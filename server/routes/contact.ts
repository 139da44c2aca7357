import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactRequestSchema } from "@common/contact";
import { contactCreatedSchema, contactQuerySchema, contactSubmissionListSchema } from "@common/contract/contact";
import { isQuoteMessage } from "@common/quotes";
import { requireAdmin } from "../auth/session-hook";
import type { Config } from "../config";
import { notifyOrWithdraw, storeInquiry, storeQuoteRequest, submissionsMatching } from "../contact/submissions";
import type { Database } from "../db/client";
import { answers } from "../http/answers";
import { HttpError } from "../http/errors";
import { pageAnswer, pageWindow } from "../http/pagination";
import { limitPerAddress } from "../http/rate-limit";
import type { Notifier } from "../jobs/notifier";

const THANKS = "Thank you for contacting us. We'll get back to you soon!";
const QUOTE_THANKS = "Your quote request has been received. We'll review it and get back to you soon.";

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
      schema: {
        description: "A quote request (a message starting with the quote line) needs a logged-in customer.",
        body: contactRequestSchema,
        response: answers({ 201: contactCreatedSchema }),
      },
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
        const row = await storeInquiry(db, submission);
        await notifyOrWithdraw(db, () => notifier.newSubmission({ ...submission, isQuote: false }), { contactId: row.id });
        return reply.code(201).send({ success: true as const, message: THANKS, data: row });
      }

      const user = request.user;
      if (!user) throw new HttpError(401, "You must be logged in to submit a quote request");
      const { name, ...stored } = await storeQuoteRequest(db, user, submission);
      await notifyOrWithdraw(
        db,
        () => notifier.newSubmission({ name, email: user.email, service: submission.service, message: submission.message, isQuote: true }),
        { contactId: stored.id, jobId: stored.jobId },
      );
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
      const matching = submissionsMatching(db, request.query);
      return pageAnswer(pageWindow(request.query), matching.rows, matching.total);
    },
  );
};
