import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client";
import { media } from "../db/schema";
import { currentUser, requireUser } from "../auth/session-hook";
import { mediaFileUrl, thumbnailUrl } from "../media/file-urls";

export const mediaRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** GET /api/media — a customer: their own media, newest first. */
  app.get("/api/media", { preValidation: requireUser }, async (request) => {
    const rows = await db.select().from(media).where(eq(media.userId, currentUser(request).id)).orderBy(desc(media.createdAt));
    return {
      success: true,
      data: rows.map(({ storageKey: _key, ...item }) => ({ ...item, fileUrl: mediaFileUrl(item.id), thumbnailUrl: thumbnailUrl(item) })),
    };
  });
};
