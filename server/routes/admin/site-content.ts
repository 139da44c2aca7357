import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  socialLinkListSchema,
  socialLinksSavedSchema,
  testimonialAnswerSchema,
  testimonialDeletedSchema,
  testimonialListSchema,
  testimonialsMovedSchema,
} from "@common/contract/site-content";
import { socialLinksInputSchema, testimonialInputSchema, testimonialMoveSchema, testimonialUpdateSchema } from "@common/site-content";
import { requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import { saveSocialLinks, storedSocialLinks } from "../../site-content/social-links";
import { addTestimonial, allTestimonials, changeTestimonial, deleteTestimonial, moveTestimonial } from "../../site-content/testimonials";

/**
 * The back office's Site tab (docs/product.md §2): testimonials and the social profiles the public
 * pages show. Admins only: 401 for visitors, 403 for customers and pilots, before the body is read.
 */
export const adminSiteContentRoutes: FastifyPluginAsync<{ db: Database; pagesChanged: () => Promise<void> }> = async (base, { db, pagesChanged }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/testimonials — admin: every testimonial, published or not, in the home page's order. */
  app.get("/api/admin/testimonials", { schema: { response: answers({ 200: testimonialListSchema }) } }, async () => success(await allTestimonials(db)));

  /** POST /api/admin/testimonials — admin: a new testimonial, last in the order. */
  app.post(
    "/api/admin/testimonials",
    { schema: { body: testimonialInputSchema, response: answers({ 201: testimonialAnswerSchema }) } },
    async (request, reply) => {
      const created = await addTestimonial(db, request.body);
      reply.code(201);
      return { ...success(created), message: "Testimonial added" };
    },
  );

  /** PATCH /api/admin/testimonials/:id — admin: edit its words, or publish and unpublish it. */
  app.patch(
    "/api/admin/testimonials/:id",
    { schema: { params: idParams, body: testimonialUpdateSchema, response: answers({ 200: testimonialAnswerSchema }) } },
    async (request) => {
      const { testimonial, onlyPublishing } = await changeTestimonial(db, request.params.id, request.body);
      const message = onlyPublishing ? (testimonial.published ? "Testimonial published" : "Testimonial unpublished") : "Testimonial saved";
      return { ...success(testimonial), message };
    },
  );

  /** POST /api/admin/testimonials/:id/move — admin: one place up or down; the order is renumbered from 0. */
  app.post(
    "/api/admin/testimonials/:id/move",
    { schema: { params: idParams, body: testimonialMoveSchema, response: answers({ 200: testimonialsMovedSchema }) } },
    async (request) => ({ ...success(await moveTestimonial(db, request.params.id, request.body.direction)), message: "Order saved" }),
  );

  /** DELETE /api/admin/testimonials/:id — admin: gone from the home page and the back office. */
  app.delete("/api/admin/testimonials/:id", { schema: { params: idParams, response: answers({ 200: testimonialDeletedSchema }) } }, async (request) => {
    await deleteTestimonial(db, request.params.id);
    return { success: true as const, message: "Testimonial deleted" };
  });

  /** GET /api/admin/social-links — admin: the profiles stored, for the Site tab's form. */
  app.get("/api/admin/social-links", { schema: { response: answers({ 200: socialLinkListSchema }) } }, async () => success(await storedSocialLinks(db)));

  /**
   * PUT /api/admin/social-links — admin: every network's address at once. An empty or missing one
   * removes the network's row, and its icon goes back to the placeholder target (docs/product.md §2).
   */
  app.put("/api/admin/social-links", { schema: { body: socialLinksInputSchema, response: answers({ 200: socialLinksSavedSchema }) } }, async (request) => {
    await saveSocialLinks(db, request.body);
    // Every page names the business's social profiles in its structured data: they are rendered again.
    await pagesChanged();
    return { ...success(await storedSocialLinks(db)), message: "Social links saved" };
  });
};
