import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminQuoteListSchema, quoteUpdatedSchema } from "@common/contract/quotes";
import { QUOTE_STATUSES, type QuoteStatus, quotePriceSchema } from "@common/quotes";
import type { Database } from "../../db/client";
import { jobs, quotes, users } from "../../db/schema";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { followQuote } from "../../jobs/move-job";
import type { Notifier } from "../../mail/notifications";
import { quoteColumns } from "../quotes";

const idParams = z.object({ id: z.coerce.number().int().positive() });
const updateBody = z.object({
  status: z.enum(QUOTE_STATUSES, { message: `status must be one of ${QUOTE_STATUSES.join(", ")}` }),
  price: quotePriceSchema.optional(),
});

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

  /** GET /api/admin/quotes — every quote with its customer, newest first. */
  app.get("/api/admin/quotes", { schema: { response: answers({ 200: adminQuoteListSchema }) } }, async () => {
    const rows = await db
      .select({
        ...quoteColumns,
        userId: quotes.userId,
        customerName: users.username,
        customerEmail: users.email,
        contactSubmissionId: quotes.contactSubmissionId,
        jobId: jobs.id,
        updatedAt: quotes.updatedAt,
      })
      .from(quotes)
      .innerJoin(users, eq(users.id, quotes.userId))
      // jobs.quote_id is unique: at most one job per quote, so no quote is listed twice.
      .leftJoin(jobs, eq(jobs.quoteId, quotes.id))
      .orderBy(desc(quotes.createdAt), desc(quotes.id));
    return success(rows);
  });

  /** PATCH /api/admin/quotes/:id { status, price? } — approve, decline or complete. */
  app.patch("/api/admin/quotes/:id", { schema: { params: idParams, body: updateBody, response: answers({ 200: quoteUpdatedSchema }) } }, async (request) => {
    const { status, price } = request.body;
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, request.params.id));
    if (!quote) throw new HttpError(404, "Quote not found");
    if (!NEXT[quote.status].includes(status)) throw new HttpError(409, `A ${quote.status} quote cannot become ${status}`);
    if (price !== undefined && status !== "accepted") throw new HttpError(400, "A price is set only when accepting a quote");
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(quotes)
        .set({ status, ...(price !== undefined ? { price } : {}) })
        // The status in the WHERE makes two admins acting at once unable to both win.
        .where(and(eq(quotes.id, quote.id), eq(quotes.status, quote.status)))
        .returning();
      if (!row) throw new HttpError(409, "The quote changed meanwhile; reload and try again");
      // The quote's job follows the decision (docs/product.md §10).
      if (status !== "pending") await followQuote(tx, row.id, status, currentUser(request));
      return row;
    });
    await notifier.quoteStatusChanged(updated.userId, updated.serviceType, updated.status, updated.price);
    return { ...success(updated), message: `Quote request ${status}` };
  });
};
