import { asc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountChangeSchema } from "@common/people";
import { personName } from "@common/person-name";
import { ROLE_LABELS, type Role } from "@common/roles";
import { accountChangedSchema, userListSchema } from "@common/contract/users";
import { changeAccount } from "../../auth/people";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { toAccount } from "../../auth/public-user";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

/** "is now a pilot", "is now an admin". */
const asRole = (role: Role) => `${role === "admin" ? "an" : "a"} ${ROLE_LABELS[role].toLowerCase()}`;

/** The back office's accounts (admins only): the upload forms' user picker, and each account's role, profile and standing. */
export const adminUserRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/users — every account, by username. */
  app.get("/api/admin/users", { schema: { response: answers({ 200: userListSchema }) } }, async () => {
    const rows = await db.select().from(users).orderBy(asc(users.username));
    return success(rows.map(toAccount));
  });

  /** PATCH /api/admin/users/:id { role?, active?, profile fields?, notes? } — an admin changes an account. */
  app.patch(
    "/api/admin/users/:id",
    {
      schema: {
        description:
          "Changes the role, the profile (names, e-mail, phone, company, billing address), the notes, or whether the account may sign in. `active: false` ends all its sessions at once and refuses its sign-in; nothing is deleted. 409 for the caller's own role, for making a customer of staff still assigned scheduled flights (errors.role says how many), and for an e-mail another account holds; 400 for deactivating oneself; 404 for no such account.",
        params: idParams,
        body: accountChangeSchema,
        response: answers({ 200: accountChangedSchema }),
      },
    },
    async (request) => {
      const change = request.body;
      const changed = await changeAccount(db, currentUser(request).id, request.params.id, change);
      const message =
        change.role !== undefined
          ? `${changed.username} is now ${asRole(change.role)}`
          : change.active !== undefined
            ? `${personName(changed)} is ${change.active ? "active again" : "deactivated"}`
            : `${personName(changed)}'s profile is saved`;
      return { success: true as const, message, data: toAccount(changed) };
    },
  );
};
