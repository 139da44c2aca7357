import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { serviceListSchema } from "@common/contract/services";
import type { Database } from "../db/client";
import { services } from "../db/schema";
import { requireAdmin } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { matchesEtag } from "../http/etag";
import { cachedJson } from "../http/cached-json";

const querySchema = z.object({ active: z.enum(["true", "false"]).optional() });

/**
 * Only the seed at start writes the catalogue, so each instance keeps the public answer for this
 * long and browsers for as long again: a changed catalogue is everywhere within a minute
 * (docs/decisions/0011-catalogue-cache.md).
 */
export const CATALOGUE_TTL_SECONDS = 30;
const CATALOGUE_CACHE_CONTROL = `public, max-age=${CATALOGUE_TTL_SECONDS}`;

export const serviceRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const listServices = (activeOnly: boolean) =>
    db
      .select()
      .from(services)
      .where(activeOnly ? eq(services.active, true) : undefined)
      .orderBy(asc(services.id));
  const activeCatalogue = cachedJson(serviceListSchema, async () => success(await listServices(true)), CATALOGUE_TTL_SECONDS * 1000);

  /**
   * GET /api/services?active=true — anyone: the active catalogue, from memory, with an ETag.
   * GET /api/services — admins: every service, inactive ones included, from the database.
   */
  app.get(
    "/api/services",
    {
      schema: {
        description: "With ?active=true, anyone: the active catalogue. Without it, admins: every service.",
        querystring: querySchema,
        response: answers({ 200: serviceListSchema, 304: z.undefined().describe("The catalogue named by If-None-Match, unchanged") }),
      },
    },
    async (request, reply) => {
      if (request.query.active !== "true") {
        await requireAdmin(request);
        return success(await listServices(false));
      }
      const { body, etag } = await activeCatalogue();
      reply.header("etag", etag).header("cache-control", CATALOGUE_CACHE_CONTROL);
      if (matchesEtag(request.headers["if-none-match"], etag)) return reply.code(304).send();
      // Already encoded with serviceListSchema by cachedJson.
      return reply.type("application/json; charset=utf-8").send(body as never);
    },
  );
};
