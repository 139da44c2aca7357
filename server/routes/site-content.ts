import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calendarDateIn } from "@common/calendar-date";
import { publicBadgeListSchema, publicTestimonialListSchema, socialLinkListSchema } from "@common/contract/site-content";
import type { Database } from "../db/client";
import { answers, success } from "../http/answers";
import { currentBadges } from "../site-content/badges";
import type { SettingsStore } from "../settings/settings-store";
import { storedSocialLinks } from "../site-content/social-links";
import { publishedTestimonials } from "../site-content/testimonials";

// Read again on every page load, so a change in the back office shows on the next one: never
// kept by the browser without asking (the answers are small; the pages read them near the end).
const FRESH = "no-cache";

/** What the public pages show of the business beyond their own text: testimonials, badges and social profiles. */
export const siteContentRoutes: FastifyPluginAsync<{ db: Database; settings: SettingsStore }> = async (base, { db, settings }) => {
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

  /**
   * GET /api/badges — anyone: the shown certification and insurance badges valid today in the
   * business's time zone (a badge valid until the 31st shows through the 31st there), in the back office's order.
   */
  app.get(
    "/api/badges",
    {
      schema: {
        description: "Anyone (visitor, customer, pilot, admin). The shown badges that have not lapsed on the business's day, in order.",
        response: answers({ 200: publicBadgeListSchema }),
      },
    },
    async (_request, reply) => {
      const rows = await currentBadges(db, calendarDateIn((await settings.read()).timeZone));
      reply.header("cache-control", FRESH);
      return success(rows);
    },
  );
};
