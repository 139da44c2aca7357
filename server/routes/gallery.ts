import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { galleryListSchema, publicGalleryCategoryListSchema } from "@common/contract/media";
import { galleryQuerySchema } from "@common/gallery-categories";
import type { Database } from "../db/client";
import { answers, success } from "../http/answers";
import { galleryItems, publicGalleryCategories } from "../media/gallery-categories";

export const galleryRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/gallery?category= — anyone: public gallery items, newest first, each with its category; `category` (a slug) keeps that category's. */
  app.get(
    "/api/gallery",
    {
      schema: {
        description:
          "Anyone (visitor, customer, pilot, admin). The public gallery, newest first; ?category=<slug> keeps one category's items (none for an unknown slug).",
        querystring: galleryQuerySchema,
        response: answers({ 200: galleryListSchema }),
      },
    },
    async (request) => success(await galleryItems(db, request.query.category || undefined)),
  );

  /** GET /api/gallery/categories — anyone: the categories with at least one public item, for the gallery's chips. */
  app.get(
    "/api/gallery/categories",
    {
      schema: {
        description: "Anyone (visitor, customer, pilot, admin). The gallery categories holding at least one public item, in the back office's order.",
        response: answers({ 200: publicGalleryCategoryListSchema }),
      },
    },
    async () => success(await publicGalleryCategories(db)),
  );
};
