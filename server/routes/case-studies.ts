import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CASE_STUDY_IMAGE_FILES, caseStudyConsentSchema, caseStudyQuerySchema, type CaseStudySide } from "@common/case-studies";
import { customerCaseStudyAnswerSchema, customerCaseStudyConsentAnswerSchema, publicCaseStudyListSchema } from "@common/contract/case-studies";
import type { ImageWidth } from "@common/uploads";
import { currentUser, requireUser } from "../auth/session-hook";
import { answerConsent, caseStudyOfJob, publicCaseStudies, publicPicture } from "../case-studies/case-studies";
import type { Database } from "../db/client";
import { answers, fileAnswers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { idParams } from "../http/id-params";
import { sendStoredFile } from "../media/send-file";
import { makeThumbnail, thumbnailKey } from "../media/thumbnails";
import type { Storage } from "../storage/storage";

const pictureParams = idParams.extend({
  file: z.enum(CASE_STUDY_IMAGE_FILES, { message: `file must be one of ${CASE_STUDY_IMAGE_FILES.join(", ")}` }),
});

/** The customer's consent on the job's page, and the public case studies (docs/decisions/0066-case-study-consent.md). */
export const caseStudyRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/jobs/:id/case-study — the job's customer and the admins: what would be published and the consent; null when nothing was asked. */
  app.get(
    "/api/jobs/:id/case-study",
    {
      preValidation: requireUser,
      schema: {
        description: "The job's customer and the admins; another customer and a pilot get 404, a visitor 401.",
        params: idParams,
        response: answers({ 200: customerCaseStudyAnswerSchema }),
      },
    },
    async (request) => success(await caseStudyOfJob(db, currentUser(request), request.params.id)),
  );

  /** POST /api/jobs/:id/case-study/consent — the job's customer only: grant (named or not), decline, or withdraw. */
  app.post(
    "/api/jobs/:id/case-study/consent",
    {
      preValidation: requireUser,
      schema: {
        description:
          "The job's customer only; an admin gets 403 (the consent is the customer's), another customer and a pilot 404, a visitor 401. " +
          "409 when the decision does not fit where the consent stands (withdraw what was not granted, answer what was not asked).",
        params: idParams,
        body: caseStudyConsentSchema,
        response: answers({ 200: customerCaseStudyConsentAnswerSchema }),
      },
    },
    async (request) => {
      const answered = await answerConsent(db, currentUser(request), request.params.id, request.body);
      const message = { grant: "Thank you: it may be shown on the site", decline: "Declined: it will not be shown", withdraw: "Withdrawn: it is off the site" }[
        request.body.decision
      ];
      return { ...success(answered), message };
    },
  );

  /** GET /api/case-studies[?service=] — anyone: the consented and shown case studies. */
  app.get(
    "/api/case-studies",
    { schema: { description: "Anyone.", querystring: caseStudyQuerySchema, response: answers({ 200: publicCaseStudyListSchema }) } },
    async (request, reply) => {
      // Read again on every page load: a withdrawal must take it off the next page shown.
      reply.header("cache-control", "no-cache");
      return success(await publicCaseStudies(db, request.query.service));
    },
  );

  /** GET /api/case-studies/:id/media/{before|after}-{width}.webp — anyone, while the case study is public; 404 otherwise. */
  app.get(
    "/api/case-studies/:id/media/:file",
    {
      schema: {
        description: "Anyone while the case study is consented and shown; 404 before and after (a withdrawal takes its pictures away at once).",
        params: pictureParams,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const [side, widthText] = request.params.file.replace(".webp", "").split("-") as [CaseStudySide, string];
      const width = Number(widthText) as ImageWidth;
      const item = await publicPicture(db, request.params.id, side);
      const key = thumbnailKey(item.id, width);
      if (!(await storage.stat(key))) {
        try {
          await makeThumbnail(storage, item.storageKey, key, width);
        } catch (error) {
          request.log.warn({ err: error, mediaId: item.id }, "case study picture could not be made");
          throw new HttpError(415, "No picture can be made of this image");
        }
      }
      // Not public caching: a withdrawal must reach the next request, not wait out a cache.
      return sendStoredFile(request, reply, storage, { key, contentType: "image/webp", title: item.title, isPublic: false });
    },
  );
};
