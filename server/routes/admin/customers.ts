import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountFiltersSchema } from "@common/auth";
import { newCustomerSchema } from "@common/people";
import { personName } from "@common/person-name";
import { customerDetailAnswerSchema, customerListSchema } from "@common/contract/customers";
import { accountChangedSchema } from "@common/contract/users";
import { mailOrWithdraw } from "../../auth/invitation-mail-task";
import { createInvitation } from "../../auth/invitations";
import { addCustomer } from "../../auth/people";
import { toAccount } from "../../auth/public-user";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { accountDetail, listAccounts } from "../../customers/read-customers";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import type { TaskQueue } from "../../queue/queue";

/** The back office's Customers (docs/product.md §2), admins only: who the accounts are and what business each brings. */
export const adminCustomerRoutes: FastifyPluginAsync<{ db: Database; queue: Pick<TaskQueue, "send"> }> = async (base, { db, queue }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/customers?role=&q= — the accounts of one role (customers by default), the latest active first. */
  app.get("/api/admin/customers", { schema: { querystring: accountFiltersSchema, response: answers({ 200: customerListSchema }) } }, async (request) =>
    success(await listAccounts(db, request.query)),
  );

  /** GET /api/admin/customers/:id — the account with its jobs, reports and media (held ones too), quotes and payments. */
  app.get(
    "/api/admin/customers/:id",
    {
      schema: {
        description: "Any account, whatever its role; 404 for no such account.",
        params: idParams,
        response: answers({ 200: customerDetailAnswerSchema }),
      },
    },
    async (request) => success(await accountDetail(db, currentUser(request), request.params.id)),
  );

  /** POST /api/admin/customers — a phone-in customer: an account without a password, invited by mail when `invite`. */
  app.post(
    "/api/admin/customers",
    {
      schema: {
        description:
          "The account has no usable password: its person gets in through the invitation (`invite: true`) or a password reset later. 409 naming the e-mail when an account or a pending invitation holds it.",
        body: newCustomerSchema,
        response: answers({ 201: accountChangedSchema }),
      },
    },
    async (request, reply) => {
      const { invite, ...customer } = request.body;
      const admin = currentUser(request);
      const made = await db.transaction(async (tx) => {
        const user = await addCustomer(tx, customer);
        const invitation = invite
          ? await createInvitation(tx, {
              email: user.email,
              role: "customer",
              firstName: user.firstName,
              lastName: user.lastName,
              invitedBy: admin.id,
              userId: user.id,
            })
          : undefined;
        return { user, invitation };
      });
      if (made.invitation) await mailOrWithdraw(db, queue, made.invitation.id, made.user.id);
      const message = `${personName(made.user)} is added${made.invitation ? `; an invitation is on its way to ${made.user.email}` : ""}`;
      return reply.code(201).send({ success: true as const, message, data: toAccount(made.user) });
    },
  );
};
