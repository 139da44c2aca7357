import type { FastifyBaseLogger } from "fastify";
import { defineTask } from "../../queue/define-task";
import type { ResumableStore } from "./resumable-store";

/**
 * Removes resumable uploads begun more than UPLOAD_EXPIRY_HOURS ago and never finished, bytes and
 * info (docs/operations.md). Every quarter hour, once across instances: tus already refuses to
 * resume them (410), so this only frees the space.
 */
export const resumableUploadSweepTask = defineTask<Record<string, never>, { resumableUploads: Pick<ResumableStore, "sweepExpired">; log: FastifyBaseLogger }>({
  name: "resumable-upload-sweep",
  schedule: "*/15 * * * *",
  async work(_data, { resumableUploads, log }) {
    const removed = await resumableUploads.sweepExpired();
    if (removed > 0) log.info({ removed }, "expired resumable uploads removed");
  },
});
