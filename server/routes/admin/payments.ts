import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../../db/client";
import { payments, users } from "../../db/schema";
import { requireAdmin } from "../../auth/session-hook";
import { listedPayment, paymentColumns } from "../payments";

export const adminPaymentRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/payments — admins: every payment a customer submitted, with its customer, newest first. */
  app.get("/api/admin/payments", async () => {
    const rows = await db
      .select({ ...paymentColumns, userId: payments.userId, customerName: users.username, customerEmail: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(listedPayment)
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return { success: true, data: rows };
  });
};
