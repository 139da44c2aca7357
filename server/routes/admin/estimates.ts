import type { FastifyPluginAsync } from "fastify";
import type { BillingRouteOptions } from "../../billing/settings";

/** POST /api/admin/estimates (admins): send or revise a job's estimate (issue 16). */
export const adminEstimateRoutes: FastifyPluginAsync<BillingRouteOptions> = async () => undefined;
