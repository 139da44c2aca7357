import { inspectionReportTask } from "./inspection-report/report-task";
import { detectCandidatesTask } from "./findings/detect-candidates-task";
import { remindersTask } from "./jobs/reminders";
import { processLayerTask } from "./map-layers/process-layer-task";
import { videoPosterTask } from "./media/video/poster-task";
import { resumableUploadSweepTask } from "./uploads/tus/sweep-task";
import type { TaskDefinition } from "./queue/define-task";
import { mailTask } from "./mail/mail-task";
import { passwordResetTask } from "./auth/password-reset-task";

/**
 * Every background task, each with its queue and worker. New background work is one `defineTask`
 * file and one line here; callers then `await queue.send(thatTask, data)`, or the task names a
 * schedule. ("Job" is the mission a customer orders; pg-boss calls each queued run a job.)
 */
export const tasks: readonly TaskDefinition<never>[] = [mailTask, passwordResetTask, remindersTask, processLayerTask, inspectionReportTask, detectCandidatesTask, videoPosterTask, resumableUploadSweepTask];
