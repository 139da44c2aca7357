import type { QueueOptions } from "pg-boss";

/** What a finished run may leave in pg-boss's `output` column, for those who read the queue (the Outbox reads the mail task's). */
type JobOutput = Record<string, string | number | boolean>;

/**
 * A kind of background work. `Needs` is what its runs use (a database, a mailer, settings): the
 * registry (server/tasks.ts) hands every run one context, which must hold each task's needs, so the
 * queue engine knows no domain and a task says what it depends on.
 */
export interface TaskDefinition<Data, Needs = object> {
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
   * A property rather than a method, so that TypeScript checks the registry's context against `Needs`.
   */
  work: (data: Data, context: Needs, run: { id: string; retryCount: number }) => Promise<JobOutput | void>;
}

/** Typed helper: the task's data type travels with its name, so `queue.send` checks what it is given. */
export function defineTask<Data, Needs = object>(definition: TaskDefinition<Data, Needs>): TaskDefinition<Data, Needs> {
  return definition;
}
