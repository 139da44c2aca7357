import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { detectionQueuedSchema, layerDetectionListSchema } from "@common/contract/finding-detection";
import { detectionMessages } from "@common/finding-detection";
import { currentUser, requireStaff } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { detectCandidatesTask } from "../../findings/detect-candidates-task";
import { forgetDetection, listDetections, requestDetection } from "../../findings/detect-candidates";
import { answers, success } from "../../http/answers";
import type { TaskQueue } from "../../queue/queue";
import { idParams } from "../../http/id-params";

const WHO = "The admins and the job's pilot; a customer gets 403, a pilot of another job 404, a visitor 401.";

/**
 * Hot-spot detection on a job's thermal layers (docs/decisions/0033-hot-spot-detection.md):
 * POST /api/admin/layers/:id/detect queues it, GET /api/admin/jobs/:id/detections shows where each
 * layer's stands. The candidates it proposes are listed by
 * GET /api/admin/jobs/:id/findings?candidates=true and decided by PATCH /api/admin/findings/:id.
 */
export const layerDetectionRoutes: FastifyPluginAsync<{ db: Database; queue: Pick<TaskQueue, "send"> }> = async (base, { db, queue }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/admin/layers/:id/detect",
    {
      preValidation: requireStaff,
      schema: {
        description: `${WHO} Queues hot-spot detection on a ready thermal layer: each pixel cluster at least FINDINGS_DELTA_T_MINOR (3 °C) above the median of its surroundings becomes a finding of status candidate (class hot spot, or multiple hot spots when several lie within 1 m; other on a job that is not a solar inspection) with its hottest pixel's lat/lon, maxTemp, refTemp (the surroundings' median), deltaT and the severity ΔT gives. A new run replaces the layer's candidates nobody decided on. Answers 202 with the detection queued; GET /api/admin/jobs/{id}/detections follows it to done (with the number of candidates) or failed (with why). 400 for a layer that is not thermal (\`errors.id\`), 409 for one not processed yet or failed, or whose detection is already queued or running.`,
        params: idParams,
        response: answers({ 202: detectionQueuedSchema }),
      },
    },
    async (request, reply) => {
      const detection = await requestDetection(db, currentUser(request), request.params.id);
      try {
        await queue.send(detectCandidatesTask, { layerId: request.params.id });
      } catch (error) {
        await forgetDetection(db, request.params.id);
        throw error;
      }
      return reply.code(202).send({ success: true as const, message: detectionMessages.queued, data: detection });
    },
  );

  app.get(
    "/api/admin/jobs/:id/detections",
    {
      preValidation: requireStaff,
      schema: {
        description: `${WHO} The job's thermal layers, oldest first, each with its hot-spot detection: status null (never asked), queued, running, done (\`candidates\`: how many it proposed) or failed (\`error\`).`,
        params: idParams,
        response: answers({ 200: layerDetectionListSchema }),
      },
    },
    async (request) => success(await listDetections(db, currentUser(request), request.params.id)),
  );
};
