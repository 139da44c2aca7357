import { z } from "zod";
import { BADGE_KINDS } from "../site-badges";
import { SOCIAL_NETWORKS } from "../site-content";
import { id, isoDate, listOf, successMessageOf, successMessageSchema } from "./wire";

/** A testimonial as the home page shows it: what was said and by whom. */
const publicTestimonialSchema = z.object({ id, quote: z.string(), author: z.string(), role: z.string() });
export type PublicTestimonial = z.input<typeof publicTestimonialSchema>;

/** GET /api/testimonials: the published ones, in the back office's order. */
export const publicTestimonialListSchema = listOf(publicTestimonialSchema);

/** A testimonial as the back office's Site tab lists it. */
const testimonialSchema = publicTestimonialSchema.extend({ position: z.number().int(), published: z.boolean(), updatedAt: isoDate });
export type Testimonial = z.input<typeof testimonialSchema>;

/** GET /api/admin/testimonials: all of them, in order. */
export const testimonialListSchema = listOf(testimonialSchema);

/** POST /api/admin/testimonials, PATCH /api/admin/testimonials/:id: the toast's message and the row as stored. */
export const testimonialAnswerSchema = successMessageOf(testimonialSchema);

/** POST /api/admin/testimonials/:id/move: the whole list in its new order. */
export const testimonialsMovedSchema = successMessageOf(z.array(testimonialSchema));

/** DELETE /api/admin/testimonials/:id. */
export const testimonialDeletedSchema = successMessageSchema;

/** One of the business's social profiles. */
const socialLinkSchema = z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() });
export type SocialLink = z.input<typeof socialLinkSchema>;

/** GET /api/social-links, GET /api/admin/social-links: the networks that have a profile, in the contact section's order. */
export const socialLinkListSchema = listOf(socialLinkSchema);

/** PUT /api/admin/social-links: the toast's message and the profiles as stored. */
export const socialLinksSavedSchema = successMessageOf(z.array(socialLinkSchema));

/** A badge as the public pages show it: a certification or an insurance policy, valid today. */
const publicBadgeSchema = z.object({
  id,
  kind: z.enum(BADGE_KINDS),
  title: z.string(),
  issuer: z.string(),
  /** Empty: none to show. */
  reference: z.string(),
  detail: z.string(),
  /** YYYY-MM-DD, the last day it is valid; null: it does not lapse. */
  validUntil: z.string().nullable(),
  /** An http(s) page where it can be checked; empty: none. */
  link: z.string(),
});
export type PublicBadge = z.input<typeof publicBadgeSchema>;

/** GET /api/badges: the shown badges that have not lapsed on the business's day, in the back office's order. */
export const publicBadgeListSchema = listOf(publicBadgeSchema);

/** A badge as the back office's Site tab lists it: `expired` is whether it lapsed before the business's today. */
const badgeSchema = publicBadgeSchema.extend({ position: z.number().int(), shown: z.boolean(), expired: z.boolean(), updatedAt: isoDate });
export type Badge = z.input<typeof badgeSchema>;

/** GET /api/admin/badges: all of them, in order. */
export const badgeListSchema = listOf(badgeSchema);

/** POST /api/admin/badges, PATCH /api/admin/badges/:id: the toast's message and the row as stored. */
export const badgeAnswerSchema = successMessageOf(badgeSchema);

/** POST /api/admin/badges/:id/move: the whole list in its new order. */
export const badgesMovedSchema = successMessageOf(z.array(badgeSchema));

/** DELETE /api/admin/badges/:id. */
export const badgeDeletedSchema = successMessageSchema;
