import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicTestimonialListSchema, socialLinkListSchema } from "@common/contract/site-content";
import type { Database } from "../db/client";
import { answers, success } from "../http/answers";
import { storedSocialLinks } from "../site-content/social-links";
import { publishedTestimonials } from "../site-content/testimonials";

// Read again on every page load, so a change in the back office shows on the next one: never
// kept by the browser without asking (the answers are small; the pages read them near the end).
const FRESH = "no-cache";

/** What the public pages show of the business beyond their own text: testimonials and social profiles. */
export const siteContentRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/testimonials — anyone: the published testimonials, in the back office's order. */
  app.get("/api/testimonials", { schema: { response: answers({ 200: publicTestimonialListSchema }) } }, async (_request, reply) => {
    const rows = await publishedTestimonials(db);
    reply.header("cache-control", FRESH);
    return success(rows);
  });

  /** GET /api/social-links — anyone: the business's social profiles, for the contact section's icons. */
  app.get("/api/social-links", { schema: { response: answers({ 200: socialLinkListSchema }) } }, async (_request, reply) => {
    reply.header("cache-control", FRESH);
    return success(await storedSocialLinks(db));
  });
};
