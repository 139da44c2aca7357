import type { FastifyPluginAsync } from "fastify";
import type { BillingRouteOptions } from "../billing/settings";

/** GET /api/estimates, GET /api/estimates/:id, its PDF, accept, request-changes, decline (its customer; admins read) (issue 16). */
export const estimateRoutes: FastifyPluginAsync<BillingRouteOptions> = async () => undefined;
