import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  badgeAnswerSchema,
  badgeDeletedSchema,
  badgeListSchema,
  badgesMovedSchema,
  socialLinkListSchema,
  socialLinksSavedSchema,
  testimonialAnswerSchema,
  testimonialDeletedSchema,
  testimonialListSchema,
  testimonialsMovedSchema,
} from "@common/contract/site-content";
import { socialLinksInputSchema, testimonialInputSchema, testimonialMoveSchema, testimonialUpdateSchema } from "@common/site-content";
import { calendarDateIn } from "@common/calendar-date";
import { badgeInputSchema, badgeMoveSchema, badgeUpdateSchema } from "@common/site-badges";
import { requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import { addBadge, allBadges, changeBadge, deleteBadge, moveBadge } from "../../site-content/badges";
import type { SettingsStore } from "../../settings/settings-store";
import { saveSocialLinks, storedSocialLinks } from "../../site-content/social-links";
import { addTestimonial, allTestimonials, changeTestimonial, deleteTestimonial, moveTestimonial } from "../../site-content/testimonials";

const ADMINS = "Admins only: a pilot or a customer gets 403, a visitor 401.";

/**
 * The back office's Site tab (docs/product.md §2): testimonials, badges and the social profiles the
 * public pages show. Admins only: 401 for visitors, 403 for customers and pilots, before the body is read.
 */
export const adminSiteContentRoutes: FastifyPluginAsync<{ db: Database; settings: SettingsStore; pagesChanged: () => Promise<void> }> = async (
  base,
  { db, settings, pagesChanged },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);
  /** The business's day, which says whether a badge has lapsed (docs/product.md §2, Certified and insured). */
  const today = async () => calendarDateIn((await settings.read()).timeZone);

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

  /** GET /api/admin/badges — admin: every badge, shown or hidden, lapsed or not, in the public pages' order. */
  app.get(
    "/api/admin/badges",
    {
      schema: {
        description: `${ADMINS} Every badge in order; \`expired\` says it lapsed before today in the business's time zone.`,
        response: answers({ 200: badgeListSchema }),
      },
    },
    async () => success(await allBadges(db, await today())),
  );

  /** POST /api/admin/badges — admin: a new certification or insurance badge, last in the order. */
  app.post(
    "/api/admin/badges",
    {
      schema: {
        description: `${ADMINS} 400 names the field (a kind other than certification or insurance, an empty or too long title or issuer, a link that is not http(s), a date that is not YYYY-MM-DD); nothing is saved.`,
        body: badgeInputSchema,
        response: answers({ 201: badgeAnswerSchema }),
      },
    },
    async (request, reply) => {
      const created = await addBadge(db, request.body, await today());
      reply.code(201);
      return { ...success(created), message: "Badge added" };
    },
  );

  /** PATCH /api/admin/badges/:id — admin: edit a badge, or show and hide it. */
  app.patch(
    "/api/admin/badges/:id",
    {
      schema: {
        description: `${ADMINS} Any of the fields; one left out stays. 400 names a bad field, 404 for no such badge.`,
        params: idParams,
        body: badgeUpdateSchema,
        response: answers({ 200: badgeAnswerSchema }),
      },
    },
    async (request) => {
      const { badge, onlyShowing } = await changeBadge(db, request.params.id, request.body, await today());
      const message = onlyShowing ? (badge.shown ? "Badge shown" : "Badge hidden") : "Badge saved";
      return { ...success(badge), message };
    },
  );

  /** POST /api/admin/badges/:id/move — admin: one place up or down; the order is renumbered from 0. */
  app.post(
    "/api/admin/badges/:id/move",
    {
      schema: {
        description: `${ADMINS} One place up or down; answers the whole list in its new order. 404 for no such badge.`,
        params: idParams,
        body: badgeMoveSchema,
        response: answers({ 200: badgesMovedSchema }),
      },
    },
    async (request) => ({ ...success(await moveBadge(db, request.params.id, request.body.direction, await today())), message: "Order saved" }),
  );

  /** DELETE /api/admin/badges/:id — admin: gone from the public pages and the back office. */
  app.delete(
    "/api/admin/badges/:id",
    { schema: { description: `${ADMINS} 404 for no such badge.`, params: idParams, response: answers({ 200: badgeDeletedSchema }) } },
    async (request) => {
      await deleteBadge(db, request.params.id);
      return { success: true as const, message: "Badge deleted" };
    },
  );
};
