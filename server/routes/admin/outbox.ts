import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { outboxListSchema } from "@common/contract/customers";
import type { Database } from "../../db/client";
import { requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { readOutbox } from "../../mail/outbox";

/**
 * GET /api/admin/outbox — the development Outbox (docs/product.md §2): every mail the queue holds,
 * newest first, at most 200. Admins only. server/app.ts registers it outside production alone, so
 * in production the address does not exist (404): mail there is the SMTP server's business.
 */
export const adminOutboxRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  app.get(
    "/api/admin/outbox",
    {
      schema: {
        description: "Development and test only (NODE_ENV not production; 404 in production). Attachments are listed by name and type, never their content.",
        response: answers({ 200: outboxListSchema }),
      },
    },
    async () => success(await readOutbox(db)),
  );
};
