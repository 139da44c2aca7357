import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mediaListSchema } from "@common/contract/media";
import type { Database } from "../db/client";
import { media } from "../db/schema";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { published } from "../jobs/read-jobs";
import { publicMedia } from "../media/public-rows";

export const mediaRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/media — a customer: their own media, newest first. */
  app.get("/api/media", { preValidation: requireUser, schema: { response: answers({ 200: mediaListSchema }) } }, async (request) => {
    const rows = await db
      .select()
      .from(media)
      .where(and(eq(media.userId, currentUser(request).id), published(media)))
      .orderBy(desc(media.createdAt));
    return success(rows.map(publicMedia));
  });
};
