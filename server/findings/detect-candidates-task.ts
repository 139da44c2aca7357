import { eq } from "drizzle-orm";
import { detectionMessages } from "@common/finding-detection";
import { mapLayers } from "../db/schema";
import { DomainError } from "../domain-errors";
import { ProcessCancelled, ProcessLimitExceeded } from "../processes/limited-process";
import { defineTask } from "../queue/define-task";
import type { TaskQueue } from "../queue/queue";
import { findingCropsTask } from "./make-crops";
import type { FastifyBaseLogger } from "fastify";
import { detectCandidates, type DetectionContext, type DetectionSettings, failDetection, requeueDetection } from "./detect-candidates";

// Two attempts after the first, as for map layers: a process killed mid-way gets another go.
const RETRY_LIMIT = 2;
// A 12-megapixel thermal mosaic takes seconds (docs/benchmarks.md); a large one, minutes.
const EXPIRE_IN_SECONDS = 3600;

/**
 * Hot-spot detection on a thermal layer (docs/decisions/0033-hot-spot-detection.md), in the
 * background: the layer's detection row shows queued → running → done with the number of
 * candidates, or failed with why. What can never work (the layer's file gone, not in Web Mercator)
 * fails at once; anything else is tried again.
 */
export const detectCandidatesTask = defineTask<
  { layerId: number },
  DetectionContext & { log: FastifyBaseLogger; findings: DetectionSettings; queue: Pick<TaskQueue, "send"> }
>({
  name: "finding-detection",
  options: { retryLimit: RETRY_LIMIT, expireInSeconds: EXPIRE_IN_SECONDS },
  // Each runs in a process of its own (server/processes/node-task.ts): one at a time, taken one by one.
  concurrency: 1,
  async work({ layerId }, context, run) {
    try {
      const proposed = await detectCandidates(context, layerId, context.findings);
      // The candidates' crops, for the owner to decide on them by sight.
      const [layer] = proposed ? await context.db.select({ jobId: mapLayers.jobId }).from(mapLayers).where(eq(mapLayers.id, layerId)) : [];
      if (layer) await context.queue.send(findingCropsTask, { jobId: layer.jobId });
    } catch (error) {
      // The layer was deleted mid-way: its detection row went with it.
      if (error instanceof ProcessCancelled) return;
      // Past its time or memory, or refused for good: another attempt would end the same way.
      if (error instanceof DomainError || error instanceof ProcessLimitExceeded) {
        await failDetection(context.db, layerId, error.message);
        return;
      }
      if (run.retryCount >= RETRY_LIMIT) {
        context.log.error({ err: error, layerId }, "hot-spot detection failed on its last attempt");
        await failDetection(context.db, layerId, detectionMessages.gaveUp);
        return;
      }
      await requeueDetection(context.db, layerId);
      throw error;
    }
  },
});
