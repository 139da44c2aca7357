import { inspectionReportJob } from "../inspection-report/report-job";
import { detectCandidatesJob } from "../findings/detect-candidates-job";
import { remindersJob } from "../jobs/reminders";
import { processLayerJob } from "../map-layers/process-layer-job";
import { videoPosterJob } from "../media/video/poster-job";
import { resumableUploadSweepJob } from "../uploads/tus/sweep-job";
import type { JobDefinition } from "./define-job";
import { mailJob } from "./mail-job";
import { passwordResetJob } from "./password-reset-job";

/**
 * Every queue and its worker. New background work (raster processing…) is one `defineJob` file
 * and one line here; callers then `await queue.send(thatJob, data)`, or the job names a schedule.
 */
export const jobs: readonly JobDefinition<never>[] = [mailJob, passwordResetJob, remindersJob, processLayerJob, inspectionReportJob, detectCandidatesJob, videoPosterJob, resumableUploadSweepJob];
