import type { FastifyBaseLogger } from "fastify";
import { invitationMailTask } from "./auth/invitation-mail-task";
import { passwordResetTask } from "./auth/password-reset-task";
import { type BillingSource, billingSource } from "./billing/settings";
import { type Config, mapServicesUserAgent } from "./config";
import type { Database } from "./db/client";
import type { DetectionSettings } from "./findings/detect-candidates";
import { detectCandidatesTask } from "./findings/detect-candidates-task";
import { findingCropsTask } from "./findings/make-crops";
import { inspectionReportTask } from "./inspection-report/report-task";
import type { BaseMapSettings } from "./inspection-report/report-base-map";
import { remindersTask } from "./follow-up/reminders";
import type { Mailer } from "./mail/mailer";
import type { ProcessSettings } from "./settings/business-settings";
import { mailTask } from "./mail/mail-task";
import type { MailSite } from "./mail/notice";
import { processLayerTask } from "./map-layers/process-layer-task";
import { videoPosterTask } from "./media/video/poster-task";
import type { RenderStalePages } from "./site/render-pages";
import { renderPagesTask } from "./site/render-pages-task";
import type { TaskDefinition } from "./queue/define-task";
import type { TaskQueue } from "./queue/queue";
import type { Storage } from "./storage/storage";
import { type ResumableStore, resumableStoreFor } from "./uploads/tus/resumable-store";
import { resumableUploadSweepTask } from "./uploads/tus/sweep-task";

/**
 * What the registry hands every run, the same in the web process and in `npm run worker`. Each
 * task names the part it uses (its `Needs`); the list below does not compile if this lacks one.
 */
export interface TaskContext {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  site: MailSite;
  /** The business's day and documents as its settings have them now, for the overdue invoice reminders the sweep mails with their PDF, and the report. */
  billing: BillingSource;
  /** Where uploads live: raster processing reads the original and writes the COG there. */
  storage: Storage;
  /** Resumable uploads in progress, for the sweep of those past UPLOAD_EXPIRY_HOURS. */
  resumableUploads: Pick<ResumableStore, "sweepExpired">;
  /** Map layer processing's settings (GDAL_ENGINE, MAP_LAYER_MAX_MB). */
  rasters: Config["rasters"];
  /** Where ffmpeg and ffprobe are (FFMPEG_PATH, FFPROBE_PATH), for the video poster task. */
  video: Config["video"];
  /** Hot-spot detection's settings: the ΔT thresholds of the severities, and the least ΔT it proposes (FINDINGS_DELTA_T_*). */
  findings: DetectionSettings;
  /** The limits of the work that runs in a Node process of its own: detection and the report's PDF. */
  tasks: Config["tasks"];
  /** The base map under the report's site map where the job has no orthomosaic: the settings' in effect (Settings, Maps, or MAP_TILES_*); null without one. */
  baseMap: () => Promise<BaseMapSettings | null>;
  /** The queue the task came from, for work that queues more work (the reminder sweep queues its mails). */
  queue: Pick<TaskQueue, "send">;
  /** Renders the public pages a publish or a settings save changed; null without a built client. */
  renderPages: RenderStalePages | null;
  /** A job's map layer is ready: its findings' crops are queued (server/findings/make-crops.ts). */
  layerReady: (jobId: number) => Promise<void>;
}

/**
 * Every background task, each with its queue and worker. New background work is one `defineTask`
 * file beside its domain and one line here; callers then `await queue.send(thatTask, data)`, or the
 * task names a schedule. ("Job" is the mission a customer orders; pg-boss calls each queued run a job.)
 */
export const tasks: readonly TaskDefinition<never, TaskContext>[] = [
  mailTask,
  passwordResetTask,
  invitationMailTask,
  remindersTask,
  processLayerTask,
  inspectionReportTask,
  detectCandidatesTask,
  findingCropsTask,
  videoPosterTask,
  resumableUploadSweepTask,
  renderPagesTask,
];

/** The context of every run, for `startQueue`'s `workers`. */
export function taskContext(
  config: Config,
  db: Database,
  { store, site }: ProcessSettings,
  mailer: Mailer,
  log: FastifyBaseLogger,
  storage: Storage,
  renderPages: RenderStalePages | null,
): (queue: TaskQueue) => TaskContext {
  const findings = { thresholds: config.findingThresholds, minDeltaT: config.detectionMinDeltaT };
  const resumableUploads = resumableStoreFor(config, storage);
  const billing = billingSource(store, db, config.publicUrl, config.business.logo);
  return (queue) => ({
    db,
    mailer,
    log,
    storage,
    resumableUploads,
    rasters: config.rasters,
    video: config.video,
    tasks: config.tasks,
    findings,
    baseMap: async () => {
      const { mapTilesUrl, mapTilesAttribution } = await store.read();
      return mapTilesUrl
        ? { url: mapTilesUrl, attribution: mapTilesAttribution, maxZoom: config.site.mapTileMaxZoom, userAgent: mapServicesUserAgent(config.publicUrl) }
        : null;
    },
    site,
    billing,
    queue,
    renderPages,
    layerReady: async (jobId) => void (await queue.send(findingCropsTask, { jobId })),
  });
}
