import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { acceptInvitationSchema, invitationCheckSchema } from "@common/auth";
import { invitationCheckResponseSchema } from "@common/contract/invitations";
import { publicUserSchema } from "@common/contract/users";
import { acceptInvitation, checkInvitation } from "../auth/invitations";
import { toPublicUser } from "../auth/public-user";
import { type AuthContext, startSession } from "../auth/session-hook";
import { answers } from "../http/answers";
import { addressLimiter } from "../http/rate-limit";
import type { MailSite } from "../mail/notice";

interface InvitationOptions extends AuthContext {
  /** Whom the page names for a new link when one no longer works: the business's e-mail, as its settings have it now. */
  site: MailSite;
  rateLimits: { windowMs: number; login: number };
}

const TOO_MANY = "Too many invitation link attempts. Please wait 15 minutes and try again.";

/** The invited person's side (docs/decisions/0058-people-and-invitations.md): the link's page, and taking it up. */
export const invitationRoutes: FastifyPluginAsync<InvitationOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimits } = options;
  // Like the reset link's: a POST keeps the token out of addresses and logs, and the limit per address makes guessing no faster.
  const limited = addressLimiter(app, "invitation", rateLimits.login, rateLimits.windowMs, TOO_MANY);

  /** POST /api/invitations/check { token } — anyone; for a pending link, whom it invites and as what, else only where it stands. */
  app.post(
    "/api/invitations/check",
    { schema: { body: invitationCheckSchema, response: answers({ 200: invitationCheckResponseSchema }) }, preHandler: [limited] },
    async (request) => {
      const found = await checkInvitation(db, request.body.token);
      return found.status === "pending" ? found : { status: found.status, contactEmail: (await options.site.business()).email };
    },
  );

  /** POST /api/invitations/accept { token, username, password, firstName?, lastName? } — the invited person; signs them in. */
  app.post(
    "/api/invitations/accept",
    {
      schema: {
        description:
          "Makes the account with the invited role (or gives the account the business made its username and password), uses the invitation up and signs the person in. 410 for a link used, withdrawn or expired; 400 naming the token for one never issued; 409 naming the username when another account has it.",
        body: acceptInvitationSchema,
        response: answers({ 201: publicUserSchema }),
      },
      preHandler: [limited],
    },
    async (request, reply) => {
      const { token, ...acceptance } = request.body;
      const user = await acceptInvitation(db, token, acceptance);
      await startSession(request, reply, options, user);
      return reply.code(201).send(toPublicUser(user));
    },
  );
};
