import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refundAnswerSchema } from "@common/contract/invoices";
import { adminPaymentListSchema } from "@common/contract/payments";
import { refundSchema } from "@common/invoices";
import type { Database } from "../../db/client";
import { payments, users } from "../../db/schema";
import type { PaymentProvider } from "../../payments/provider";
import { refundPayment } from "../../payments/refunds";
import { requireProvider } from "../../payments/select-provider";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { listedPayment, paymentColumns } from "../../payments/read-payments";
import { idParams } from "../../http/id-params";

export const adminPaymentRoutes: FastifyPluginAsync<{ db: Database; provider: PaymentProvider | null }> = async (base, { db, provider }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/payments — admins: every payment a customer submitted, with its customer, newest first. */
  app.get("/api/admin/payments", { schema: { response: answers({ 200: adminPaymentListSchema }) } }, async () => {
    const rows = await db
      .select({ ...paymentColumns, userId: payments.userId, customerName: users.username, customerEmail: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(listedPayment)
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return success(rows);
  });

  /**
   * POST /api/admin/payments/:id/refund { amount, reason? } — admins: gives back all or part (cents)
   * of a succeeded card payment through the provider that took it (Stripe, or the demo provider, which
   * refunds at once). 201 with the refund and the payment's refunded total; 404 unknown payment; 409
   * refundNotCard (not a succeeded card payment of the active provider); 400 errors.amount when more
   * than what is left of the payment; nothing changes on a refusal.
   */
  app.post(
    "/api/admin/payments/:id/refund",
    {
      schema: {
        description: "Admins only: 401 visitors, 403 customers and pilots.",
        params: idParams,
        body: refundSchema,
        response: answers({ 201: refundAnswerSchema }),
      },
    },
    async (request, reply) => {
      const activeProvider = requireProvider(provider);
      const refund = await refundPayment(db, activeProvider, { paymentId: request.params.id, ...request.body, byUserId: currentUser(request).id });
      return reply.code(201).send(success(refund));
    },
  );
};
