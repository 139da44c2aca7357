import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicTestimonialListSchema, socialLinkListSchema } from "@common/contract/site-content";
import { SOCIAL_NETWORKS, type SocialNetwork } from "@common/site-content";
import type { Database } from "../db/client";
import { socialLinks, testimonials } from "../db/schema";
import { answers, success } from "../http/answers";

// Read again on every page load, so a change in the back office shows on the next one: never
// kept by the browser without asking (the answers are small; the pages read them near the end).
const FRESH = "no-cache";

/** The stored profiles in the contact section's order; a row of a network the site does not show is left out. */
export async function storedSocialLinks(db: Database): Promise<{ network: SocialNetwork; url: string }[]> {
  const urls = new Map((await db.select().from(socialLinks)).map((row) => [row.network, row.url]));
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = urls.get(network);
    return url ? [{ network, url }] : [];
  });
}

/** What the public pages show of the business beyond their own text: testimonials and social profiles. */
export const siteContentRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/testimonials — anyone: the published testimonials, in the back office's order. */
  app.get("/api/testimonials", { schema: { response: answers({ 200: publicTestimonialListSchema }) } }, async (_request, reply) => {
    const rows = await db
      .select({ id: testimonials.id, quote: testimonials.quote, author: testimonials.author, role: testimonials.role })
      .from(testimonials)
      .where(eq(testimonials.published, true))
      .orderBy(asc(testimonials.position), asc(testimonials.id));
    reply.header("cache-control", FRESH);
    return success(rows);
  });

  /** GET /api/social-links — anyone: the business's social profiles, for the contact section's icons. */
  app.get("/api/social-links", { schema: { response: answers({ 200: socialLinkListSchema }) } }, async (_request, reply) => {
    reply.header("cache-control", FRESH);
    return success(await storedSocialLinks(db));
  });
};
