import { and, asc, count, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { roleChangeSchema, roleMessages } from "@common/auth";
import { ROLE_LABELS, type Role } from "@common/roles";
import { roleChangedSchema } from "@common/contract/customers";
import { userListSchema } from "@common/contract/users";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { toPublicUser } from "../../auth/public-user";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { idParams } from "../../http/id-params";
import type { Database } from "../../db/client";
import { jobs, users } from "../../db/schema";

/** "is now a pilot", "is now an admin". */
const asRole = (role: Role) => `${role === "admin" ? "an" : "a"} ${ROLE_LABELS[role].toLowerCase()}`;

/**
 * Sets the account's role, in one transaction with the user's row locked: an admin never changes
 * their own (so one admin is always left), and staff keep the role while they fly scheduled jobs,
 * whose pilot must be staff (docs/product.md §10). The session hook reads the user on every
 * request, so the account's next request already has the new role: a demoted admin loses the back
 * office at once.
 */
async function changeRole(db: Database, actorId: number, id: number, role: Role) {
  if (id === actorId) throw new HttpError(409, roleMessages.ownRole, { role: roleMessages.ownRole });
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!user) throw new HttpError(404, "User not found");
    if (role === "customer" && user.role !== "customer") {
      const [scheduled] = await tx
        .select({ flights: count() })
        .from(jobs)
        .where(and(eq(jobs.pilotId, id), eq(jobs.status, "scheduled")));
      const flights = scheduled?.flights ?? 0;
      if (flights > 0) throw new HttpError(409, roleMessages.pilotHasFlights(flights), { role: roleMessages.pilotHasFlights(flights) });
    }
    const [changed] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
    return changed!;
  });
}

/** The back office's accounts (admins only): the upload forms' user picker and the role of each account. */
export const adminUserRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/users — every account, by username. */
  app.get("/api/admin/users", { schema: { response: answers({ 200: userListSchema }) } }, async () => {
    const rows = await db.select().from(users).orderBy(asc(users.username));
    return success(rows.map(toPublicUser));
  });

  /** PATCH /api/admin/users/:id { role } — an admin makes an account a customer, a pilot or an admin. */
  app.patch(
    "/api/admin/users/:id",
    {
      schema: {
        description:
          "409 for the caller's own account, and for making a customer of staff still assigned scheduled flights (errors.role says how many); 404 for no such account. The account's next request has the new role.",
        params: idParams,
        body: roleChangeSchema,
        response: answers({ 200: roleChangedSchema }),
      },
    },
    async (request) => {
      const { role } = request.body;
      const changed = await changeRole(db, currentUser(request).id, request.params.id, role);
      return { success: true as const, message: `${changed.username} is now ${asRole(role)}`, data: toPublicUser(changed) };
    },
  );
};
