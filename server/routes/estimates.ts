import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { estimateAnswerSchema, estimateListSchema } from "@common/contract/estimates";
import { acceptEstimateSchema, declineEstimateSchema, estimateListQuerySchema, requestEstimateChangesSchema } from "@common/estimates";
import type { BillingRouteOptions } from "../payments/provider";
import { currentUser, requireUser } from "../auth/session-hook";
import type { Actor } from "../jobs/read-jobs";
import { acceptEstimate, declineEstimate, requestEstimateChanges } from "../estimates/answer-estimate";
import { estimatePdf } from "../estimates/estimate-document";
import { listEstimates, readEstimate } from "../estimates/read-estimates";
import { answers, success } from "../http/answers";
import { mailEstimateAnswered } from "../estimates/estimate-mails";
import { idParams } from "../http/id-params";

const READERS = "Its customer and the admins; anyone else gets 404, a visitor 401.";
const ANSWERERS =
  "Its customer only: another customer gets 404, an admin or a pilot 403, a visitor 401. A replaced revision or one already answered answers 409.";

/** GET /api/estimates, GET /api/estimates/:id, its PDF, accept, request-changes, decline (its customer; admins read). */
export const estimateRoutes: FastifyPluginAsync<BillingRouteOptions> = async (base, deps) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, billing } = deps;

  /** The answer was stored: the admins hear of it, after the commit; a mail that cannot be queued never fails the answer. */
  const tellAdmins = (request: FastifyRequest, id: number) =>
    deps
      .billing()
      .then((billing) => mailEstimateAnswered({ ...deps, billing }, id))
      .catch((error: unknown) => request.log.error({ err: error }, "estimate answer mail could not be queued"));

  /** GET /api/estimates?jobId= — the caller's own estimates (an admin: any), newest revision first. */
  app.get(
    "/api/estimates",
    {
      preValidation: requireUser,
      schema: {
        description: "A customer gets their own jobs' estimates, an admin every one; both may narrow to one job.",
        querystring: estimateListQuerySchema,
        response: answers({ 200: estimateListSchema }),
      },
    },
    async (request) => success(await listEstimates(db, (await billing()).timeZone, currentUser(request), request.query.jobId)),
  );

  /** GET /api/estimates/:id — one revision with its lines, answer, revisions and deposit standing. */
  app.get(
    "/api/estimates/:id",
    { preValidation: requireUser, schema: { description: READERS, params: idParams, response: answers({ 200: estimateAnswerSchema }) } },
    async (request) => success(await readEstimate(db, (await billing()).timeZone, request.params.id, currentUser(request))),
  );

  /** GET /api/estimates/:id/pdf — the revision as a PDF (estimate-12-rev-2.pdf). */
  app.get(
    "/api/estimates/:id/pdf",
    {
      preValidation: requireUser,
      schema: {
        description: READERS,
        params: idParams,
        response: {
          ...answers({}),
          200: { description: "The estimate as a PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const settings = await billing();
      const estimate = await readEstimate(db, settings.timeZone, request.params.id, currentUser(request));
      const { filename, pdf } = await estimatePdf(db, settings, estimate);
      // The PDF's bytes as they are: the 200 is described for the API document, never serialized.
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(pdf as never);
    },
  );

  /** POST /api/estimates/:id/{answer}: its customer answers the revision, the admins hear of it, and the revision is read back. */
  const answerRoute = <Body extends z.ZodType>(
    answer: string,
    description: string,
    body: Body,
    store: (customer: Actor, id: number, input: z.output<Body>, request: FastifyRequest) => Promise<void>,
  ) =>
    app.post(
      `/api/estimates/:id/${answer}`,
      { preValidation: requireUser, schema: { description, params: idParams, body, response: answers({ 200: estimateAnswerSchema }) } },
      async (request) => {
        const customer = currentUser(request);
        // The type provider cannot resolve a generic schema's body; `body` above validated it as z.output<Body>.
        await store(customer, request.params.id, request.body as z.output<Body>, request);
        await tellAdmins(request, request.params.id);
        return success(await readEstimate(db, (await billing()).timeZone, request.params.id, customer));
      },
    );

  /** POST /api/estimates/:id/accept { signatureName, optionalLineIds } — signs it; the deposit is then due. */
  answerRoute("accept", `${ANSWERERS} An expired one answers 409 too.`, acceptEstimateSchema, async (customer, id, input, request) =>
    acceptEstimate(db, (await billing()).timeZone, customer, id, input, { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" }),
  );
  /** POST /api/estimates/:id/request-changes { comment }. */
  answerRoute("request-changes", ANSWERERS, requestEstimateChangesSchema, (customer, id, input) => requestEstimateChanges(db, customer, id, input));
  /** POST /api/estimates/:id/decline { reason }. */
  answerRoute("decline", ANSWERERS, declineEstimateSchema, (customer, id, input) => declineEstimate(db, customer, id, input));
};
