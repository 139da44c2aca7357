import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactRequestSchema } from "@common/contact";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { contactSubmissions } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { limitPerAddress } from "../plugins/rate-limit";

const THANKS = "Thank you for contacting us. We'll get back to you soon!";

interface ContactRouteOptions {
  db: Database;
  rateLimits: Config["rateLimits"];
}

export const contactRoutes: FastifyPluginAsync<ContactRouteOptions> = async (base, { db, rateLimits }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** POST /api/contact — anyone; rate-limited per client address. */
  app.post(
    "/api/contact",
    {
      schema: { body: contactRequestSchema },
      config: limitPerAddress(
        rateLimits.contact,
        rateLimits.windowMs,
        "Too many messages from your address. Please wait a few minutes and try again.",
      ),
    },
    async (request, reply) => {
      const { website, ...submission } = request.body;
      // A filled honeypot is a bot: answer as if stored so it learns nothing, but keep nothing.
      if (website) {
        request.log.info("contact honeypot triggered; submission dropped");
        return reply.code(201).send({ success: true, message: THANKS });
      }
      const [row] = await db
        .insert(contactSubmissions)
        .values({ ...submission, phone: submission.phone || null })
        .returning({ id: contactSubmissions.id });
      return reply.code(201).send({ success: true, message: THANKS, data: row });
    },
  );

  /** GET /api/contact — admins only; accounts arrive with a later issue, so nobody yet. */
  app.get("/api/contact", async () => {
    throw new HttpError(401, "Please log in to view contact submissions");
  });
};
