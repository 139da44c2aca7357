import swagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { requireAdmin, requireStaff, requireUser } from "../auth/session-hook";

/** Who may call a route, as the API document says it. */
export type Access = "anyone" | "customer" | "staff" | "admin";

export const ACCESS_HEADER = "x-access";

/**
 * Read from the guards themselves: a route's own requireUser/requireStaff/requireAdmin, and
 * /api/admin/, whose plugins guard every other route with requireAdmin (the OpenAPI test holds
 * them to what the routes do).
 */
function accessOf(route: RouteOptions): Access {
  const guards = [route.preValidation ?? []].flat();
  if (guards.includes(requireStaff)) return "staff";
  if (guards.includes(requireAdmin) || route.url.startsWith("/api/admin/")) return "admin";
  if (guards.includes(requireUser)) return "customer";
  return "anyone";
}

const ACCESS_WORDS: Record<Access, string> = {
  anyone: "Anyone.",
  customer: "A logged-in user (the session cookie).",
  staff: "An admin, or a pilot for the jobs assigned to them (the session cookie).",
  admin: "An admin (the session cookie of an admin account).",
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * Each operation, from the zod schemas of its route, says who may call it: in `x-access`, its
 * security and its description. Pages, robots.txt and sitemap.xml are not the API.
 */
function transform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input);
  if (!url.startsWith("/api/")) return { schema: { hide: true }, url };
  const access = accessOf(input.route);
  const own = (schema ?? {}) as Record<string, unknown>;
  const description = [ACCESS_WORDS[access], own.description].filter(Boolean).join(" ");
  return {
    schema: { ...own, description, security: access === "anyone" ? [] : [{ session: [] }], [ACCESS_HEADER]: access },
    url,
  };
}

/**
 * The OpenAPI 3.1 document of every route, generated from the same zod schemas that validate
 * requests and serialize answers (docs/decisions/0020-api-contract.md), served to anyone at
 * GET /api/openapi.json. Registered before the routes: it learns them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "SkyVantage API",
        version: "1",
        description: "Every answer is JSON. Errors are `{ message, errors? }`; lists are `{ success: true, data: [...] }`. Dates are ISO 8601 strings.",
      },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "sv_session" } } },
    },
    transform: transform as typeof jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get("/api/openapi.json", { schema: { description: "This document." } }, async () => app.swagger());
}
