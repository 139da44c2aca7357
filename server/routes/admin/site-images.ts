import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { siteImageDeletedSchema, siteImageListSchema, siteImageSavedSchema } from "@common/contract/site-images";
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_MAX_PIXELS, SITE_IMAGE_MIN_WIDTH } from "@common/site-images";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import { readImageForm } from "../../site-images/read-image-form";
import { deleteSiteImage, listSiteImages } from "../../site-images/site-images";
import { storeSiteImage } from "../../site-images/store-image";
import type { Storage } from "../../storage/storage";

const ADMINS = "Admins only: a pilot or a customer gets 403, a visitor 401.";

/** The pictures the page editor puts in the public pages' heroes (docs/decisions/0065-page-images.md). */
export const adminSiteImageRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Here only: the plugin's request hooks would otherwise run on every request of the site.
  await app.register(multipart);
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/site-images — every uploaded picture, newest first, with the pages that show it. */
  app.get("/api/admin/site-images", { schema: { description: ADMINS, response: answers({ 200: siteImageListSchema }) } }, async () =>
    success(await listSiteImages(db)),
  );

  /** POST /api/admin/site-images — multipart `file`: a JPEG, PNG or WebP picture, checked by its content. */
  app.post(
    "/api/admin/site-images",
    {
      schema: {
        description: `${ADMINS} multipart/form-data with the picture as \`file\`. 400 naming \`file\` for a file that is not a JPEG, PNG or WebP image by its content (an SVG, a text file named .jpg), one damaged or cut short, one under ${SITE_IMAGE_MIN_WIDTH} px wide or over ${SITE_IMAGE_MAX_PIXELS / 1_000_000} megapixels; 413 over ${SITE_IMAGE_MAX_BYTES / 1024 / 1024} MB. Nothing is stored then. The stored copies carry none of the file's metadata (EXIF, GPS).`,
        response: answers({ 201: siteImageSavedSchema }),
      },
    },
    async (request, reply) => {
      const upload = await readImageForm(request);
      const image = await storeSiteImage(db, storage, upload, currentUser(request).id);
      reply.code(201);
      return { ...success({ ...image, usedOn: [] }), message: "Picture uploaded" };
    },
  );

  /** DELETE /api/admin/site-images/:id — the picture and its copies, once no page shows it. */
  app.delete(
    "/api/admin/site-images/:id",
    {
      schema: {
        description: `${ADMINS} 404 for an unknown id. 409 naming the pages while a draft or a live version shows it in its hero.`,
        params: idParams,
        response: answers({ 200: siteImageDeletedSchema }),
      },
    },
    async (request) => {
      await deleteSiteImage(db, storage, request.params.id);
      return { success: true as const, message: "Picture deleted" };
    },
  );
};
