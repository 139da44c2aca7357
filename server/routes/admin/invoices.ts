import type { FastifyPluginAsync } from "fastify";
import type { BillingRouteOptions } from "../../billing/settings";

/** POST /api/admin/invoices and POST /api/admin/invoices/:id/payments (admins) (issue 16). */
export const adminInvoiceRoutes: FastifyPluginAsync<BillingRouteOptions> = async () => undefined;
