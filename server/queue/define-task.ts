import type { FastifyBaseLogger } from "fastify";
import type { QueueOptions } from "pg-boss";
import type { BillingSettings } from "../billing/settings";
import type { Database } from "../db/client";
import type { Config } from "../config";
import type { Mailer } from "../mail/mailer";
import type { Storage } from "../storage/storage";
import type { ResumableStore } from "../uploads/tus/resumable-store";
import type { TaskQueue } from "./queue";

/** What every worker may use; the same in the web process and in `npm run worker`. */
export interface TaskContext {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  site: { businessName: string; publicUrl: string };
  /** The business's day (BUSINESS_TIME_ZONE) and documents, for the overdue invoice reminders the sweep mails with their PDF. */
  billing: BillingSettings;
  /** Where uploads live: raster processing reads the original and writes the COG there. */
  storage: Storage;
  /** Resumable uploads in progress, for the sweep of those past UPLOAD_EXPIRY_HOURS. */
  resumableUploads: Pick<ResumableStore, "sweepExpired">;
  /** Map layer processing's settings (GDAL_ENGINE, MAP_LAYER_MAX_MB). */
  rasters: Config["rasters"];
  /** Where ffmpeg and ffprobe are (FFMPEG_PATH, FFPROBE_PATH), for the video poster task. */
  video: Config["video"];
  /** Hot-spot detection's settings: the ΔT thresholds of the severities, and the least ΔT it proposes (FINDINGS_DELTA_T_*). */
  findings: { thresholds: Config["findingThresholds"]; minDeltaT: number };
  /** The limits of the work that runs in a Node process of its own: detection and the report's PDF. */
  tasks: Config["tasks"];
  /** The queue the task came from, for work that queues more work (the reminder sweep queues its mails). */
  queue: Pick<TaskQueue, "send">;
}

/** What a finished run may leave in pg-boss's `output` column, for those who read the queue (the Outbox reads the mail task's). */
type JobOutput = Record<string, string | number | boolean>;

export interface TaskDefinition<Data> {
  name: string;
  /** Overrides of the queue defaults in queue.ts (retries, expiry) for this queue alone. */
  options?: QueueOptions;
  /**
   * Long work (GDAL, ffmpeg, PDFs, detection): at most this many runs of this task at once in one
   * process, each taken on its own as a slot frees, so one slow run never holds back the next. Left
   * out, the queue takes short runs (mail) in batches. Every queue has its own workers either way,
   * so no kind of work waits for another (docs/decisions/0043-limits-on-background-work.md).
   */
  concurrency?: number;
  /**
   * A cron expression (UTC) on which pg-boss sends this task by itself, with empty data: once per
   * occurrence across every instance, from whichever process runs the workers.
   */
  schedule?: string;
  /**
   * Runs the task once; what it answers is kept as the run's output. Throwing fails this attempt and the queue retries it later; a run may happen again
   * after a crash, so make the work safe to repeat (the mail task gives each message a stable id).
   */
  work(data: Data, context: TaskContext, run: { id: string; retryCount: number }): Promise<JobOutput | void>;
}

/** Typed helper: the task's data type travels with its name, so `queue.send` checks what it is given. */
export function defineTask<Data>(definition: TaskDefinition<Data>): TaskDefinition<Data> {
  return definition;
}
