import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { priceListItemAnswerSchema, priceListItemRemovedSchema, priceListSchema } from "@common/contract/price-list";
import { newPriceListItemSchema, priceListItemChangeSchema, priceListQuerySchema } from "@common/price-list";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { addPriceListItem, changePriceListItem, listPriceList, removePriceListItem } from "../../estimates/price-list";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";

const ADMINS_ONLY = "Admins only: a pilot or a customer gets 403, a visitor 401.";

/** The business's price list (docs/decisions/0056-price-list.md), admins only: kept in the back office, offered in the estimate builder. */
export const adminPriceListRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/price-list?archived=&q= — the items offered, by description. */
  app.get(
    "/api/admin/price-list",
    {
      schema: {
        description: `${ADMINS_ONLY} The items offered, by description; \`archived=true\` adds the archived ones; \`q\` keeps those whose description or unit holds it. Prices in cents.`,
        querystring: priceListQuerySchema,
        response: answers({ 200: priceListSchema }),
      },
    },
    async (request) => success(await listPriceList(db, request.query)),
  );

  /** POST /api/admin/price-list — a new item. */
  app.post(
    "/api/admin/price-list",
    {
      schema: {
        description: `${ADMINS_ONLY} A new item, offered at once. 400 names the field: an empty description, a unit over 50 characters, a price that is not a whole number of cents from 0 to 99,999,999.`,
        body: newPriceListItemSchema,
        response: answers({ 201: priceListItemAnswerSchema }),
      },
    },
    async (request, reply) => reply.code(201).send(success(await addPriceListItem(db, currentUser(request), request.body))),
  );

  /** PATCH /api/admin/price-list/:id — any of its fields; estimates already sent keep their own lines. */
  app.patch(
    "/api/admin/price-list/:id",
    {
      schema: {
        description: `${ADMINS_ONLY} Changes the fields given; \`archived\` stops (true) or restarts (false) offering it. Estimate lines made from it keep their own description and price. 404 for an unknown item.`,
        params: idParams,
        body: priceListItemChangeSchema,
        response: answers({ 200: priceListItemAnswerSchema }),
      },
    },
    async (request) => success(await changePriceListItem(db, request.params.id, request.body)),
  );

  /** DELETE /api/admin/price-list/:id — deleted when no estimate line refers to it, else archived. */
  app.delete(
    "/api/admin/price-list/:id",
    {
      schema: {
        description: `${ADMINS_ONLY} Deletes an item no estimate line refers to (\`outcome: deleted\`); archives one that a line does (\`outcome: archived\`), the estimate keeping its line. 404 for an unknown item.`,
        params: idParams,
        response: answers({ 200: priceListItemRemovedSchema }),
      },
    },
    async (request) => {
      const removed = await removePriceListItem(db, request.params.id);
      return { success: true as const, message: removed.outcome === "deleted" ? "Price list item deleted" : "Price list item archived", data: removed };
    },
  );
};
