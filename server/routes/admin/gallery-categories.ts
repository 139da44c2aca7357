import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  galleryCategoriesMovedSchema,
  galleryCategoryAnswerSchema,
  galleryCategoryDeletedSchema,
  galleryCategoryListSchema,
  mediaCategoryAnswerSchema,
  mediaCategoryBulkAnswerSchema,
} from "@common/contract/media";
import { galleryCategoryInputSchema, galleryCategoryMoveSchema, mediaCategoryBulkSchema, mediaCategorySchema } from "@common/gallery-categories";
import { requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import {
  addGalleryCategory,
  allGalleryCategories,
  deleteGalleryCategory,
  moveGalleryCategory,
  renameGalleryCategory,
  setMediaCategories,
  setMediaCategory,
} from "../../media/gallery-categories";

const ADMINS = "Admins only: a pilot or a customer gets 403, a visitor 401.";

/**
 * The gallery's categories in the back office's Manage tab (docs/product.md §2, Gallery): name, order
 * and delete them, and put gallery items in them. Admins only, before the body is read.
 */
export const adminGalleryCategoryRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/gallery-categories — admin: every category, in order, with how many items it holds. */
  app.get(
    "/api/admin/gallery-categories",
    { schema: { description: `${ADMINS} Every category in order, with its item count.`, response: answers({ 200: galleryCategoryListSchema }) } },
    async () => success(await allGalleryCategories(db)),
  );

  /** POST /api/admin/gallery-categories — admin: a new category, last in the order. */
  app.post(
    "/api/admin/gallery-categories",
    {
      schema: {
        description: `${ADMINS} 400 names the field: an empty or too long name, or one whose address (slug) another category has.`,
        body: galleryCategoryInputSchema,
        response: answers({ 201: galleryCategoryAnswerSchema }),
      },
    },
    async (request, reply) => {
      const created = await addGalleryCategory(db, request.body.name);
      reply.code(201);
      return { ...success(created), message: "Category added" };
    },
  );

  /** PATCH /api/admin/gallery-categories/:id — admin: a new name (and slug). */
  app.patch(
    "/api/admin/gallery-categories/:id",
    {
      schema: {
        description: `${ADMINS} Renames it; the slug follows the name. 400 names the field, 404 for no such category.`,
        params: idParams,
        body: galleryCategoryInputSchema,
        response: answers({ 200: galleryCategoryAnswerSchema }),
      },
    },
    async (request) => ({ ...success(await renameGalleryCategory(db, request.params.id, request.body.name)), message: "Category renamed" }),
  );

  /** POST /api/admin/gallery-categories/:id/move — admin: one place up or down. */
  app.post(
    "/api/admin/gallery-categories/:id/move",
    {
      schema: {
        description: `${ADMINS} One place up or down; answers the whole list in its new order. 404 for no such category.`,
        params: idParams,
        body: galleryCategoryMoveSchema,
        response: answers({ 200: galleryCategoriesMovedSchema }),
      },
    },
    async (request) => ({ ...success(await moveGalleryCategory(db, request.params.id, request.body.direction)), message: "Order saved" }),
  );

  /** DELETE /api/admin/gallery-categories/:id — admin: the category goes; its items stay, without one. */
  app.delete(
    "/api/admin/gallery-categories/:id",
    {
      schema: {
        description: `${ADMINS} Its items stay in the gallery without a category. 404 for no such category.`,
        params: idParams,
        response: answers({ 200: galleryCategoryDeletedSchema }),
      },
    },
    async (request) => {
      await deleteGalleryCategory(db, request.params.id);
      return { success: true as const, message: "Category deleted" };
    },
  );

  /** PATCH /api/admin/media/:id/category — admin: one item's category, or null for none. */
  app.patch(
    "/api/admin/media/:id/category",
    {
      schema: {
        description: `${ADMINS} 400 names categoryId for a category that does not exist; 404 for no such media item.`,
        params: idParams,
        body: mediaCategorySchema,
        response: answers({ 200: mediaCategoryAnswerSchema }),
      },
    },
    async (request) => ({
      ...success(await setMediaCategory(db, request.params.id, request.body.categoryId, "Media not found")),
      message: request.body.categoryId === null ? "Category removed" : "Category set",
    }),
  );

  /** POST /api/admin/media/category — admin: the gallery manager's bulk action, many items into one category (or none). */
  app.post(
    "/api/admin/media/category",
    {
      schema: {
        description: `${ADMINS} All or nothing: 400 names ids when one of them is not a media item, categoryId when the category does not exist.`,
        body: mediaCategoryBulkSchema,
        response: answers({ 200: mediaCategoryBulkAnswerSchema }),
      },
    },
    async (request) => {
      const updated = await setMediaCategories(db, request.body.ids, request.body.categoryId);
      return { ...success({ updated }), message: `${updated} ${updated === 1 ? "item" : "items"} updated` };
    },
  );
};
