import type { FastifyPluginAsync } from "fastify";
import type { BillingRouteOptions } from "../billing/settings";

/** GET /api/invoices and GET /api/invoices/:id/pdf (its customer; admins) (issue 16). */
export const invoiceRoutes: FastifyPluginAsync<BillingRouteOptions> = async () => undefined;
