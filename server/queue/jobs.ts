import type { JobDefinition } from "./define-job";
import { mailJob } from "./mail-job";
import { passwordResetJob } from "./password-reset-job";

/**
 * Every queue and its worker. New background work (reminders, raster processing…) is one
 * `defineJob` file and one line here; callers then `await queue.send(thatJob, data)`.
 */
export const jobs: readonly JobDefinition<never>[] = [mailJob, passwordResetJob];
