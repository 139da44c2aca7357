import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { galleryListSchema } from "@common/contract/media";
import type { Database } from "../db/client";
import { media } from "../db/schema";
import { answers, success } from "../http/answers";
import { galleryItem } from "../media/public-rows";

export const galleryRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/gallery — anyone: public gallery items, newest first. */
  app.get("/api/gallery", { schema: { response: answers({ 200: galleryListSchema }) } }, async () => {
    const rows = await db
      .select({
        id: media.id,
        title: media.title,
        description: media.description,
        fileType: media.fileType,
        posterKey: media.posterKey,
        durationSeconds: media.durationSeconds,
        createdAt: media.createdAt,
      })
      .from(media)
      .where(eq(media.isGalleryItem, true))
      .orderBy(desc(media.createdAt), desc(media.id));
    return success(rows.map(galleryItem));
  });
};
