import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { mediaDeletedSchema, mediaItemAnswerSchema, mediaListSchema } from "@common/contract/media";
import type { Database } from "../../db/client";
import { media } from "../../db/schema";
import { requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import type { Storage } from "../../storage/storage";
import { publicMedia } from "../../media/public-rows";
import { thumbnailKeys } from "../../media/thumbnails";

const idParams = z.object({ id: z.coerce.number().int().positive() });
const galleryBody = z.object({ isGalleryItem: z.boolean({ message: "isGalleryItem must be true or false" }) });
const mediaQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  userId: z.coerce.number().int().positive().optional(),
});

/** The admin Media tab and gallery manager: list, delete, publish (docs/architecture.md §4: admins only). */
export const adminMediaRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/media?limit=25&userId= — media, newest first, optionally of one user. */
  app.get("/api/admin/media", { schema: { querystring: mediaQuery, response: answers({ 200: mediaListSchema }) } }, async (request) => {
    const { limit, userId } = request.query;
    const query = db
      .select()
      .from(media)
      .where(userId ? eq(media.userId, userId) : undefined)
      .orderBy(desc(media.createdAt), desc(media.id));
    const rows = limit ? await query.limit(limit) : await query;
    return success(rows.map(publicMedia));
  });

  /** DELETE /api/admin/media/:id — the row and its file. */
  app.delete("/api/admin/media/:id", { schema: { params: idParams, response: answers({ 200: mediaDeletedSchema }) } }, async (request) => {
    const [deleted] = await db.delete(media).where(eq(media.id, request.params.id)).returning();
    if (!deleted) throw new HttpError(404, "Media not found");
    // The row goes first: a file without a row is unreachable, a row without a file is a broken link.
    await Promise.all([deleted.storageKey, ...thumbnailKeys(deleted.id)].map((key) => storage.delete(key)));
    return { success: true as const, message: "Media deleted" };
  });

  const setGallery = async (id: number, isGalleryItem: boolean) => {
    const [updated] = await db.update(media).set({ isGalleryItem }).where(eq(media.id, id)).returning();
    if (!updated) throw new HttpError(404, "Media not found");
    return success(publicMedia(updated));
  };

  /** PATCH /api/admin/media/:id/gallery — the Public/Private toggle of the Media tab. */
  app.patch("/api/admin/media/:id/gallery", { schema: { params: idParams, body: galleryBody, response: answers({ 200: mediaItemAnswerSchema }) } }, async (request) =>
    setGallery(request.params.id, request.body.isGalleryItem),
  );

  /** PATCH /api/admin/media/:id/gallery-status — Remove from Gallery in the manager (docs/product.md §7). */
  app.patch("/api/admin/media/:id/gallery-status", { schema: { params: idParams, body: galleryBody, response: answers({ 200: mediaItemAnswerSchema }) } }, async (request) =>
    setGallery(request.params.id, request.body.isGalleryItem),
  );
};
