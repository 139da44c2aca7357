import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createShareLinkSchema, shareLinkCreatedSchema, shareLinkListSchema, shareLinkRevokedSchema } from "@common/contract/share-links";
import { shareLinkMessages } from "@common/share-links";
import { currentUser, requireUser } from "../auth/session-hook";
import type { Database } from "../db/client";
import { answers, success } from "../http/answers";
import { createShareLink, listShareLinks, revokeShareLink } from "../share-links/manage-links";
import { idParams } from "../http/id-params";

const SHARERS =
  "The job's customer and the admins; the job's pilot gets 403 (the deliverables are the customer's to hand out), anyone else 404, a visitor 401.";

/** The owner's side of share links: make one, list them with their access logs, revoke one. */
export const shareLinkRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** POST /api/jobs/:id/share-links — a link to the job's deliverables for someone without an account. */
  app.post(
    "/api/jobs/:id/share-links",
    {
      preValidation: requireUser,
      schema: {
        description: `${SHARERS} Answers the link's id and its address (a page of the site, /share/<token>), shown this once: only the token's hash is kept. expiresAt must be in the future and at most a year away; pin is optional (4 to 12 digits); allowDownload false makes the link view-only; items (reports, media and layers by id, siteMap, findings: the findings the customer sees, listed, pinned on a shared map and in the ZIP, and compliancePacket: the job's compliance packet and the scanned copies it names, which only an admin may choose, 403 naming it for the customer) narrows it to a chosen set, each of which the job must deliver (404 naming the first that it does not); without items the link shares everything the job's customer sees, findings and later deliveries too.`,
        params: idParams,
        body: createShareLinkSchema,
        response: answers({ 201: shareLinkCreatedSchema }),
      },
    },
    async (request, reply) => {
      const created = await createShareLink(db, currentUser(request), request.params.id, request.body);
      return reply.code(201).send(success(created));
    },
  );

  /** GET /api/jobs/:id/share-links — the job's links, newest first, each with its access log. */
  app.get(
    "/api/jobs/:id/share-links",
    {
      preValidation: requireUser,
      schema: {
        description: `${SHARERS} Newest first; each link with its state (active, expired, revoked) and its access log, newest first: when, from which address, and what (the page opened, or which file or the ZIP was downloaded).`,
        params: idParams,
        response: answers({ 200: shareLinkListSchema }),
      },
    },
    async (request) => success(await listShareLinks(db, currentUser(request), request.params.id)),
  );

  /** DELETE /api/share-links/:id — the link answers 410 from now on. */
  app.delete(
    "/api/share-links/:id",
    {
      preValidation: requireUser,
      schema: {
        description: `${SHARERS} The link, its page and its files answer 410 at once; revoking a revoked link changes nothing.`,
        params: idParams,
        response: answers({ 200: shareLinkRevokedSchema }),
      },
    },
    async (request) => {
      await revokeShareLink(db, currentUser(request), request.params.id);
      return { success: true as const, message: shareLinkMessages.revokedDone };
    },
  );
};
