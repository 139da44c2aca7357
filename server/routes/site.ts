import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { siteInfoAnswerSchema } from "@common/contract/settings";
import type { Database } from "../db/client";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { logoUrlOf, readLogo } from "../settings/logo";
import type { SettingsStore } from "../settings/settings-store";
import { storedSocialLinks } from "../site-content/social-links";

/** GET /api/site and the logo: what the public pages and the client read of the business (anyone). */
export const siteRoutes: FastifyPluginAsync<{ db: Database; settings: Pick<SettingsStore, "read"> }> = async (base, { db, settings }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/site — anyone: the business's name, contact details, logo, currency and social profiles, as set now. */
  app.get("/api/site", { schema: { description: "Anyone.", response: answers({ 200: siteInfoAnswerSchema }) } }, async (_request, reply) => {
    const [current, socialLinks] = await Promise.all([settings.read(), storedSocialLinks(db)]);
    // Asked again on every page load, so a change in the back office shows on the next one.
    reply.header("cache-control", "no-cache");
    return success({
      businessName: current.businessName,
      phone: current.phone,
      email: current.email,
      address: current.address,
      logoUrl: current.logoVersion ? logoUrlOf(current.logoVersion) : null,
      currency: current.currency,
      socialLinks,
    });
  });

  /** GET /api/site/logo-{version}.png — anyone: the logo in the site's size (256 px high at most). */
  app.get(
    "/api/site/logo-:version.png",
    { schema: { description: "Anyone. 404 once another logo has replaced this one.", params: z.object({ version: z.string().regex(/^[0-9a-f]{16}$/) }) } },
    async (request, reply) => {
      const logo = await readLogo(db, "web");
      if (!logo || logo.version !== request.params.version) throw new HttpError(404, "No such logo");
      return reply.type("image/png").header("cache-control", "public, max-age=31536000, immutable").send(logo.bytes);
    },
  );
};
