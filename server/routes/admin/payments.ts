import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminPaymentListSchema } from "@common/contract/payments";
import type { Database } from "../../db/client";
import { payments, users } from "../../db/schema";
import { requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { listedPayment, paymentColumns } from "../payments";

export const adminPaymentRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
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
};
