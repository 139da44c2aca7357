import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminMediaAnswerSchema, adminMediaListSchema, mediaDeletedSchema, mediaItemAnswerSchema } from "@common/contract/media";
import { pageQuerySchema } from "@common/contract/pagination";
import { deliverableEditSchema } from "@common/deliverables";
import type { Database } from "../../db/client";
import { media } from "../../db/schema";
import { requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { pageAnswer, type PageWindow, pageWindow } from "../../http/pagination";
import type { Storage } from "../../storage/storage";
import { deliverableMatching, deliverablesPage, ownerOf } from "../../media/admin-lists";
import { adminMedia, publicMedia } from "../../media/public-rows";
import { thumbnailKeys } from "../../media/thumbnails";
import { idParams } from "../../http/id-params";

const galleryBody = z.object({ isGalleryItem: z.boolean({ message: "isGalleryItem must be true or false" }) });
const mediaQuery = pageQuerySchema.extend({
  /** SPEC's `?limit=25`: the first page of that many rows (pageSize, when given, wins). */
  limit: z.coerce.number().int().min(1).max(500).optional(),
  userId: z.coerce.number().int().positive().optional(),
});
const NOT_FOUND = "Media not found";

/**
 * The admin Media, User Media and Manage tabs: list, rename, delete, publish (docs/architecture.md
 * §4): admins only; a visitor gets 401, a customer or pilot 403.
 */
export const adminMediaRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /**
   * GET /api/admin/media?limit=25&userId=&page=&pageSize=&q= — media, newest first, each with its
   * owner's name, optionally of one user; `q` finds words of the title, description or owner's
   * name. `total` counts the matches, for the pager.
   */
  app.get("/api/admin/media", { schema: { querystring: mediaQuery, response: answers({ 200: adminMediaListSchema }) } }, async (request) => {
    const { limit: firstRows, userId, page, pageSize, q } = request.query;
    const where = and(userId ? eq(media.userId, userId) : undefined, deliverableMatching(media, q));
    const matching = deliverablesPage(db, media, where);
    const rows = async (window: PageWindow | null) => (await matching.rows(window)).map(({ row, owner }) => adminMedia(row, owner));
    return pageAnswer(pageWindow({ page, pageSize: pageSize ?? firstRows }), rows, matching.total);
  });

  /** PATCH /api/admin/media/:id { title?, description? } — an admin renames a media item; 404 for no such item. */
  app.patch(
    "/api/admin/media/:id",
    { schema: { params: idParams, body: deliverableEditSchema, response: answers({ 200: adminMediaAnswerSchema }) } },
    async (request) => {
      const [updated] = await db.update(media).set(request.body).where(eq(media.id, request.params.id)).returning();
      if (!updated) throw new HttpError(404, NOT_FOUND);
      return success(adminMedia(updated, await ownerOf(db, updated.userId, NOT_FOUND)));
    },
  );

  /** DELETE /api/admin/media/:id — the row, its file and the copies made of it (thumbnails, a video's poster). */
  app.delete("/api/admin/media/:id", { schema: { params: idParams, response: answers({ 200: mediaDeletedSchema }) } }, async (request) => {
    const [deleted] = await db.delete(media).where(eq(media.id, request.params.id)).returning();
    if (!deleted) throw new HttpError(404, NOT_FOUND);
    // The row goes first: a file without a row is unreachable, a row without a file is a broken link.
    const copies = [...thumbnailKeys(deleted.id), ...(deleted.posterKey === null ? [] : [deleted.posterKey])];
    await Promise.all([deleted.storageKey, ...copies].map((key) => storage.delete(key)));
    return { success: true as const, message: "Media deleted" };
  });

  const setGallery = async (id: number, isGalleryItem: boolean) => {
    const [updated] = await db.update(media).set({ isGalleryItem }).where(eq(media.id, id)).returning();
    if (!updated) throw new HttpError(404, NOT_FOUND);
    return success(publicMedia(updated));
  };

  /** PATCH /api/admin/media/:id/gallery — the Public/Private toggle of the Media tab. */
  app.patch(
    "/api/admin/media/:id/gallery",
    { schema: { params: idParams, body: galleryBody, response: answers({ 200: mediaItemAnswerSchema }) } },
    async (request) => setGallery(request.params.id, request.body.isGalleryItem),
  );

  /** PATCH /api/admin/media/:id/gallery-status — Remove from Gallery in the manager (docs/product.md §7). */
  app.patch(
    "/api/admin/media/:id/gallery-status",
    { schema: { params: idParams, body: galleryBody, response: answers({ 200: mediaItemAnswerSchema }) } },
    async (request) => setGallery(request.params.id, request.body.isGalleryItem),
  );
};
