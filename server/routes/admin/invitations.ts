import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { invitationSchema } from "@common/people";
import { invitationAnswerSchema, invitationListSchema } from "@common/contract/invitations";
import { mailOrWithdraw } from "../../auth/invitation-mail-task";
import { createInvitation, invitationRow, listInvitations, revokeInvitation } from "../../auth/invitations";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import type { TaskQueue } from "../../queue/queue";

interface InvitationRouteOptions {
  db: Database;
  queue: Pick<TaskQueue, "send">;
}

/** The back office's invitations (admins only): staff and customers join by a link mailed to them. */
export const adminInvitationRoutes: FastifyPluginAsync<InvitationRouteOptions> = async (base, { db, queue }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/invitations — every invitation, newest first, with its status and who sent it. */
  app.get("/api/admin/invitations", { schema: { response: answers({ 200: invitationListSchema }) } }, async () => success(await listInvitations(db)));

  /** POST /api/admin/invitations { email, role, firstName?, lastName? } — mails a single-use link, good for 7 days. */
  app.post(
    "/api/admin/invitations",
    {
      schema: {
        description: "409 naming the address when an account holds it or a pending invitation does. The link goes only into the mail, never into an answer.",
        body: invitationSchema,
        response: answers({ 201: invitationAnswerSchema }),
      },
    },
    async (request, reply) => {
      const invitation = await db.transaction((tx) => createInvitation(tx, { ...request.body, invitedBy: currentUser(request).id }));
      await mailOrWithdraw(db, queue, invitation.id);
      return reply.code(201).send(success(await invitationRow(db, invitation.id)));
    },
  );

  /** DELETE /api/admin/invitations/:id — withdraws it: its link stops working. */
  app.delete(
    "/api/admin/invitations/:id",
    {
      schema: {
        description: "404 for no such invitation, 409 for one already accepted; one already withdrawn is answered as it is.",
        params: idParams,
        response: answers({ 200: invitationAnswerSchema }),
      },
    },
    async (request) => {
      await revokeInvitation(db, request.params.id);
      return success(await invitationRow(db, request.params.id));
    },
  );
};
