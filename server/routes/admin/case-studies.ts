import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { caseStudyCreateSchema, caseStudyUpdateSchema } from "@common/case-studies";
import { adminCaseStudyAnswerSchema, adminCaseStudyListSchema, caseStudyDeletedSchema } from "@common/contract/case-studies";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { allCaseStudies, changeCaseStudy, createCaseStudy, deleteCaseStudy, requestConsent } from "../../case-studies/case-studies";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import type { Notifier } from "../../jobs/notifier";

const ADMINS = "Admins only: a visitor gets 401, a customer or a pilot 403.";

/**
 * The back office's case studies (docs/product.md §2, Back office: Site; docs/decisions/0066-case-study-consent.md):
 * drafted from a delivered job, sent to its customer for consent, shown on the site by the owner.
 */
export const adminCaseStudyRoutes: FastifyPluginAsync<{ db: Database; notifier: Notifier }> = async (base, { db, notifier }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/case-studies — admin: every case study, newest first, with its consent and preview. */
  app.get("/api/admin/case-studies", { schema: { description: ADMINS, response: answers({ 200: adminCaseStudyListSchema }) } }, async () =>
    success(await allCaseStudies(db)),
  );

  /** POST /api/admin/case-studies — admin: a draft for a delivered job (409 otherwise), prefilled from the job. */
  app.post(
    "/api/admin/case-studies",
    {
      schema: {
        description: `${ADMINS} 409 when the job is not delivered or already has one.`,
        body: caseStudyCreateSchema,
        response: answers({ 201: adminCaseStudyAnswerSchema }),
      },
    },
    async (request, reply) => {
      const created = await createCaseStudy(db, request.body);
      reply.code(201);
      return { ...success(created), message: "Case study drafted" };
    },
  );

  /** PATCH /api/admin/case-studies/:id — admin: edit it (which voids a consent given) or show and hide it. */
  app.patch(
    "/api/admin/case-studies/:id",
    {
      schema: {
        description: `${ADMINS} A change to the content voids the customer's consent; showing it needs their consent (409).`,
        params: idParams,
        body: caseStudyUpdateSchema,
        response: answers({ 200: adminCaseStudyAnswerSchema }),
      },
    },
    async (request) => {
      const { caseStudy, voided, onlyShown } = await changeCaseStudy(db, request.params.id, request.body);
      const message = voided
        ? "Saved: the customer's consent no longer applies, ask them again"
        : onlyShown
          ? caseStudy.shown
            ? "Shown on the site"
            : "Hidden from the site"
          : "Case study saved";
      return { ...success(caseStudy), message };
    },
  );

  /** DELETE /api/admin/case-studies/:id — admin: off the site and the back office. */
  app.delete(
    "/api/admin/case-studies/:id",
    { schema: { description: ADMINS, params: idParams, response: answers({ 200: caseStudyDeletedSchema }) } },
    async (request) => {
      await deleteCaseStudy(db, request.params.id);
      return { success: true as const, message: "Case study deleted" };
    },
  );

  /** POST /api/admin/case-studies/:id/consent-request — admin: asks the customer (a mail and a card on the job's page). */
  app.post(
    "/api/admin/case-studies/:id/consent-request",
    {
      schema: {
        description: `${ADMINS} 409 when the customer has already consented to this content.`,
        params: idParams,
        response: answers({ 200: adminCaseStudyAnswerSchema }),
      },
    },
    async (request) => {
      const caseStudy = await requestConsent(db, request.params.id, currentUser(request).id);
      await notifier.caseStudyConsent(caseStudy.jobId);
      return { ...success(caseStudy), message: "The customer has been asked" };
    },
  );
};
