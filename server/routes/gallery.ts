import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client";
import { media } from "../db/schema";
import { mediaFileUrl, thumbnailUrl } from "../media/file-urls";

export const galleryRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** GET /api/gallery — anyone: public gallery items, newest first. */
  app.get("/api/gallery", async () => {
    const rows = await db
      .select({ id: media.id, title: media.title, description: media.description, fileType: media.fileType, createdAt: media.createdAt })
      .from(media)
      .where(eq(media.isGalleryItem, true))
      .orderBy(desc(media.createdAt), desc(media.id));
    return { success: true, data: rows.map((item) => ({ ...item, fileUrl: mediaFileUrl(item.id), thumbnailUrl: thumbnailUrl(item) })) };
  });
};
