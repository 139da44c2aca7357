// What the back office says about the business on the public pages: testimonials and the
// social profiles of the contact section. The rules live here once, for the back office's forms and
// the API alike (docs/product.md §5).
import { z } from "zod";
import { oneLine } from "./one-line";

/** The networks of the contact section, in its order (docs/product.md §2). */
export const SOCIAL_NETWORKS = ["facebook", "twitter", "instagram", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "Twitter",
  instagram: "Instagram",
  linkedin: "LinkedIn",
};

export const siteContentMessages = {
  socialUrl: "Enter a web address starting with https:// or http://",
  socialUrlLong: "The address is too long",
  quote: "Write what the customer said",
  quoteLong: "Keep the quote under 1000 characters",
  author: "Name who said it",
  authorLong: "Keep the name under 120 characters",
  roleLong: "Keep the role under 160 characters",
  testimonialNotFound: "Testimonial not found",
} as const;

const SOCIAL_URL_MAX = 500;

/**
 * A profile address is a web page: http or https, with a host. Anything else (javascript:, data:,
 * a bare word) would run or go nowhere when a visitor clicks the icon.
 */
function isWebAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
}

/** One network's address; empty means the business has no profile there to show. */
const socialUrl = oneLine("The address")
  .max(SOCIAL_URL_MAX, siteContentMessages.socialUrlLong)
  .refine((value) => value === "" || isWebAddress(value), siteContentMessages.socialUrl);

/** PUT /api/admin/social-links: every network's address at once; a network left out or empty has none. */
export const socialLinksInputSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialUrl.default("")])) as Record<SocialNetwork, z.ZodDefault<typeof socialUrl>>,
);
export type SocialLinksInput = z.input<typeof socialLinksInputSchema>;

const testimonialFields = {
  quote: z.string().trim().min(1, siteContentMessages.quote).max(1000, siteContentMessages.quoteLong),
  author: oneLine("The name").min(1, siteContentMessages.author).max(120, siteContentMessages.authorLong),
  role: oneLine("The role").max(160, siteContentMessages.roleLong),
  published: z.boolean({ message: "published must be true or false" }),
};

/** POST /api/admin/testimonials: what a customer said and who they are, as they agreed to be named. */
export const testimonialInputSchema = z.object({
  ...testimonialFields,
  role: testimonialFields.role.default(""),
  published: testimonialFields.published.default(true),
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

/**
 * PATCH /api/admin/testimonials/:id: any of the same fields, without defaults, so Publish and
 * Unpublish (which send only `published`) change nothing else.
 */
export const testimonialUpdateSchema = z.object(testimonialFields).partial();
export type TestimonialUpdate = z.input<typeof testimonialUpdateSchema>;

/** POST /api/admin/testimonials/:id/move: one place up or down the order the home page shows them in. */
export const testimonialMoveSchema = z.object({ direction: z.enum(["up", "down"], { message: "Move up or down" }) });
