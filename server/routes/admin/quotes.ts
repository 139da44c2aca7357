import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminQuoteListSchema, adminQuoteQuerySchema, quoteUpdatedSchema } from "@common/contract/quotes";
import { declineReasonSchema, quotePriceSchema } from "@common/quotes";
import { canMoveJob } from "@common/job-status";
import { canMarkCompleted, notDeliveredYet } from "@common/quote-stage";
import { QUOTE_STATUSES, type QuoteStatus } from "@common/quote-statuses";
import { quotesAsBilled } from "../../billing/job-amounts";
import type { Database } from "../../db/client";
import { containsText } from "../../db/search";
import { jobs, quotes, users } from "../../db/schema";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { pageAnswer, pageWindow } from "../../http/pagination";
import { HttpError } from "../../http/errors";
import { followQuote } from "../../jobs/move-job";
import type { Notifier } from "../../jobs/notifier";
import { quoteColumns, withStage } from "../../jobs/read-quotes";
import { idParams } from "../../http/id-params";

const updateBody = z.object({
  status: z.enum(QUOTE_STATUSES, { message: `status must be one of ${QUOTE_STATUSES.join(", ")}` }),
  price: quotePriceSchema.optional(),
  /** Only with declined: shown to the customer with the polite note, and in the decline mail. */
  reason: declineReasonSchema.optional(),
});

/** The quotes a search finds: words of the request or of its customer's name or e-mail. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return containsText(q, [
    quotes.serviceType,
    quotes.description,
    quotes.budget,
    quotes.timeline,
    users.username,
    users.email,
    sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
  ]);
}

/** Which status may follow which (docs/architecture.md §4: Mark Completed works on accepted quotes). */
const NEXT: Record<QuoteStatus, readonly QuoteStatus[]> = {
  pending: ["accepted", "declined"],
  accepted: ["completed", "declined"],
  declined: [],
  completed: [],
};

export const adminQuoteRoutes: FastifyPluginAsync<{ db: Database; notifier: Notifier }> = async (base, { db, notifier }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /**
   * GET /api/admin/quotes?page=&pageSize=&q=&status= — admins only: quotes with their customer,
   * newest first; with page or pageSize one page of them, with the total the filters match.
   */
  app.get("/api/admin/quotes", { schema: { querystring: adminQuoteQuerySchema, response: answers({ 200: adminQuoteListSchema }) } }, async (request) => {
    const { q, status } = request.query;
    const where = and(status ? inArray(quotes.status, status) : undefined, matching(q));
    return pageAnswer(
      pageWindow(request.query),
      async (window) => {
        const query = db
          .select({
            ...quoteColumns,
            userId: quotes.userId,
            customerName: users.username,
            customerEmail: users.email,
            contactSubmissionId: quotes.contactSubmissionId,
            updatedAt: quotes.updatedAt,
          })
          .from(quotes)
          .innerJoin(users, eq(users.id, quotes.userId))
          .where(where)
          .orderBy(desc(quotes.createdAt), desc(quotes.id));
        return (await quotesAsBilled(db, await (window ? query.limit(window.limit).offset(window.offset) : query))).map(withStage);
      },
      async () => {
        const [row] = await db.select({ total: count() }).from(quotes).innerJoin(users, eq(users.id, quotes.userId)).where(where);
        return row?.total ?? 0;
      },
    );
  });

  /** PATCH /api/admin/quotes/:id { status, price?, reason? } — admins only: approve (with a price), decline (with a reason) or complete. */
  app.patch("/api/admin/quotes/:id", { schema: { params: idParams, body: updateBody, response: answers({ 200: quoteUpdatedSchema }) } }, async (request) => {
    const { status, price, reason } = request.body;
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, request.params.id));
    if (!quote) throw new HttpError(404, "Quote not found");
    if (!NEXT[quote.status].includes(status)) throw new HttpError(409, `A ${quote.status} quote cannot become ${status}`);
    if (price !== undefined && status !== "accepted") throw new HttpError(400, "A price is set only when accepting a quote");
    if (reason !== undefined && status !== "declined") throw new HttpError(400, "A reason is given only when declining a quote");
    const declineReason = status === "declined" ? reason || null : undefined;
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(quotes)
        .set({ status, ...(price !== undefined ? { price } : {}), ...(declineReason !== undefined ? { declineReason } : {}) })
        // The status in the WHERE makes two admins acting at once unable to both win.
        .where(and(eq(quotes.id, quote.id), eq(quotes.status, quote.status)))
        .returning();
      if (!row) throw new HttpError(409, "The quote changed meanwhile; reload and try again");
      // The request and its job tell one story (docs/decisions/0048-quote-and-job-life-cycles.md):
      // a decision the job cannot follow is refused rather than leaving the two apart.
      const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.quoteId, row.id)).for("update");
      if (job && status === "completed" && !canMarkCompleted({ quoteStatus: quote.status, jobStatus: job.status }))
        throw new HttpError(409, notDeliveredYet(job.status));
      if (job && status === "declined" && !canMoveJob(job.status, "cancelled"))
        throw new HttpError(409, `The request's job is ${job.status}; it can no longer be declined`);
      // The quote's job follows the decision (docs/product.md §10).
      if (status !== "pending") await followQuote(tx, row.id, status, currentUser(request));
      return row;
    });
    await notifier.quoteStatusChanged(updated.id, updated.declineReason);
    return { ...success(updated), message: `Quote request ${status}` };
  });
};
