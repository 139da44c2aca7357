import { asc, eq, sql } from "drizzle-orm";
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
import { SOCIAL_NETWORKS, siteContentMessages, socialLinksInputSchema, testimonialInputSchema, testimonialMoveSchema, testimonialUpdateSchema } from "@common/site-content";
import { requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { socialLinks, testimonials } from "../../db/schema";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { storedSocialLinks } from "../site-content";
import { idParams } from "../../http/id-params";


type TestimonialRow = typeof testimonials.$inferSelect;

/** A testimonial as the back office sees it: each field by name, so a column added later never leaks. */
const adminTestimonial = (row: TestimonialRow) => ({
  id: row.id,
  quote: row.quote,
  author: row.author,
  role: row.role,
  position: row.position,
  published: row.published,
  updatedAt: row.updatedAt,
});

/**
 * The back office's Site tab (docs/product.md §2): testimonials and the social profiles the public
 * pages show. Admins only: 401 for visitors, 403 for customers and pilots, before the body is read.
 */
const NOTHING_TO_CHANGE = "Change the quote, the author, the role or whether it is published";

export const adminSiteContentRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  const ordered = () => db.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.id));

  /** GET /api/admin/testimonials — admin: every testimonial, published or not, in the home page's order. */
  app.get("/api/admin/testimonials", { schema: { response: answers({ 200: testimonialListSchema }) } }, async () => success((await ordered()).map(adminTestimonial)));

  /** POST /api/admin/testimonials — admin: a new testimonial, last in the order. */
  app.post("/api/admin/testimonials", { schema: { body: testimonialInputSchema, response: answers({ 201: testimonialAnswerSchema }) } }, async (request, reply) => {
    const [created] = await db
      .insert(testimonials)
      .values({ ...request.body, position: sql`(select coalesce(max(${testimonials.position}), -1) + 1 from ${testimonials})` })
      .returning();
    reply.code(201);
    return { ...success(adminTestimonial(created!)), message: "Testimonial added" };
  });

  /** PATCH /api/admin/testimonials/:id — admin: edit its words, or publish and unpublish it. */
  app.patch(
    "/api/admin/testimonials/:id",
    { schema: { params: idParams, body: testimonialUpdateSchema, response: answers({ 200: testimonialAnswerSchema }) } },
    async (request) => {
      const changes = request.body;
      // An empty body would be an UPDATE with nothing to set, which Drizzle refuses with a 500.
      if (Object.values(changes).every((value) => value === undefined)) throw new HttpError(400, NOTHING_TO_CHANGE, { body: NOTHING_TO_CHANGE });
      const [updated] = await db
        .update(testimonials)
        .set(changes)
        .where(eq(testimonials.id, request.params.id))
        .returning();
      if (!updated) throw new HttpError(404, siteContentMessages.testimonialNotFound);
      const onlyPublishing = Object.keys(changes).length === 1 && changes.published !== undefined;
      const message = onlyPublishing ? (updated.published ? "Testimonial published" : "Testimonial unpublished") : "Testimonial saved";
      return { ...success(adminTestimonial(updated)), message };
    },
  );

  /** POST /api/admin/testimonials/:id/move — admin: one place up or down; the order is renumbered from 0. */
  app.post(
    "/api/admin/testimonials/:id/move",
    { schema: { params: idParams, body: testimonialMoveSchema, response: answers({ 200: testimonialsMovedSchema }) } },
    async (request) => {
      const { id } = request.params;
      const moved = await db.transaction(async (tx) => {
        // Locked in order, so two admins moving at once each start from the other's result.
        const rows = await tx.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.id)).for("update");
        const from = rows.findIndex((row) => row.id === id);
        if (from === -1) throw new HttpError(404, siteContentMessages.testimonialNotFound);
        const to = Math.min(Math.max(from + (request.body.direction === "up" ? -1 : 1), 0), rows.length - 1);
        const [row] = rows.splice(from, 1);
        rows.splice(to, 0, row!);
        for (const [position, each] of rows.entries()) {
          if (each.position !== position) await tx.update(testimonials).set({ position }).where(eq(testimonials.id, each.id));
        }
        return rows.map((each, position) => ({ ...each, position }));
      });
      return { ...success(moved.map(adminTestimonial)), message: "Order saved" };
    },
  );

  /** DELETE /api/admin/testimonials/:id — admin: gone from the home page and the back office. */
  app.delete("/api/admin/testimonials/:id", { schema: { params: idParams, response: answers({ 200: testimonialDeletedSchema }) } }, async (request) => {
    const [deleted] = await db.delete(testimonials).where(eq(testimonials.id, request.params.id)).returning({ id: testimonials.id });
    if (!deleted) throw new HttpError(404, siteContentMessages.testimonialNotFound);
    return { success: true as const, message: "Testimonial deleted" };
  });

  /** GET /api/admin/social-links — admin: the profiles stored, for the Site tab's form. */
  app.get("/api/admin/social-links", { schema: { response: answers({ 200: socialLinkListSchema }) } }, async () => success(await storedSocialLinks(db)));

  /**
   * PUT /api/admin/social-links — admin: every network's address at once. An empty or missing one
   * removes the network's row, and its icon goes back to the placeholder target (docs/product.md §2).
   */
  app.put("/api/admin/social-links", { schema: { body: socialLinksInputSchema, response: answers({ 200: socialLinksSavedSchema }) } }, async (request) => {
    const input = request.body;
    await db.transaction(async (tx) => {
      for (const network of SOCIAL_NETWORKS) {
        const url = input[network];
        if (url === "") await tx.delete(socialLinks).where(eq(socialLinks.network, network));
        else await tx.insert(socialLinks).values({ network, url }).onConflictDoUpdate({ target: socialLinks.network, set: { url } });
      }
    });
    return { ...success(await storedSocialLinks(db)), message: "Social links saved" };
  });
};
