import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { PgBoss, fromPglite, type ConstructorOptions, type Queue } from "pg-boss";
import type { DatabaseHandle } from "../db/client";
import type { TaskDefinition } from "./define-task";

export interface TaskQueue {
  /**
   * Stores the job and resolves once it is committed: answer the request after this, never
   * before. On PGlite, never call it inside a `db.transaction()` (the queue waits for the
   * transaction, which waits for it).
   */
  send<Data>(task: TaskDefinition<Data, never>, data: Data, options?: SendOptions): Promise<void>;
  /** Lets running jobs finish (a job cut off is retried later), then stops. */
  stop(): Promise<void>;
}

interface SendOptions {
  /**
   * Makes the send idempotent: the job's id is derived from its queue and this key, and a second
   * send with the same key stores nothing (pg-boss inserts with ON CONFLICT DO NOTHING), even after
   * the first has run, as long as pg-boss keeps it (days). The reminder sweep keys each mail.
   */
  key?: string;
}

export interface QueueOptions<Context> {
  log: Pick<FastifyBaseLogger, "error" | "warn">;
  /** First retry after about this long, doubling up to an hour (QUEUE_RETRY_DELAY_SECONDS). */
  retryDelaySeconds: number;
  /** Every task this process may send or run: server/tasks.ts lists them. */
  tasks: readonly TaskDefinition<never, Context>[];
  /** Run the workers (and the schedules) in this process, each run given what this makes of the queue; without it the process only enqueues. */
  workers?: (queue: TaskQueue) => Context;
  /** Install or upgrade pg-boss's own schema (default true); false follows MIGRATE_ON_START=false, `npm run db:migrate` does it. */
  migrate?: boolean;
}

// Twenty attempts with doubling delays keep a mail alive through a day-long SMTP outage.
const RETRY_LIMIT = 20;
const RETRY_DELAY_MAX_SECONDS = 3600;
// Longer than the mailer's SMTP timeouts, so no second worker takes a job while a send is still under way.
const EXPIRE_IN_SECONDS = 300;
// A woken worker picks a new job at once; polling is the floor when a notification is missed.
const POLL_SECONDS = 1;
// A worker waits the polling interval after each fetch unless the batch came back full, so a
// backlog (mail held up by an SMTP outage) drains BATCH_SIZE jobs at a time without pause.
const BATCH_SIZE = 10;
const STOP_TIMEOUT_MS = 10_000;

/** A keyed send's job id: a UUID (version 5's layout) made of the SHA-256 of the queue's name and the key. */
function keyedJobId(queue: string, key: string): string {
  const bytes = createHash("sha256").update(`${queue}\n${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function bossFor(database: DatabaseHandle, runsWorkers: boolean, migrate: boolean): PgBoss {
  const common: ConstructorOptions = {
    migrate,
    // Expiring stuck jobs, deleting old ones and sending scheduled ones is the workers' business;
    // pg-boss sends each occurrence of a schedule once, whichever instance's clock reaches it first.
    supervise: runsWorkers,
    schedule: runsWorkers,
    useListenNotify: true,
  };
  if (database.connection.kind === "pglite") {
    // The same embedded instance as Drizzle: PGlite is one connection, owned and closed by the database handle.
    return new PgBoss({ ...common, db: fromPglite(database.connection.client), backend: "pglite" });
  }
  return new PgBoss({ ...common, connectionString: database.connection.url, max: 4, application_name: "skyvantage-queue" });
}

/** pg-boss on the application's own database (PGlite or PostgreSQL): docs/decisions/0015-durable-queue.md. */
export async function startQueue<Context>(database: DatabaseHandle, options: QueueOptions<Context>): Promise<TaskQueue> {
  const { log, tasks, workers } = options;
  const boss = bossFor(database, Boolean(workers), options.migrate ?? true);
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => log.warn({ data: warning.data }, `job queue: ${warning.message}`));
  const registered = new Set(tasks.map((task) => task.name));
  const queue: TaskQueue = {
    send: async (task, data, sendOptions = {}) => {
      if (!registered.has(task.name)) throw new Error(`task "${task.name}" is not listed in server/tasks.ts`);
      await boss.send(task.name, data as object, sendOptions.key === undefined ? {} : { id: keyedJobId(task.name, sendOptions.key) });
    },
    stop: () => boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS }),
  };
  try {
    await boss.start();

    const queueOptions: Omit<Queue, "name"> = {
      retryLimit: RETRY_LIMIT,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: RETRY_DELAY_MAX_SECONDS,
      expireInSeconds: EXPIRE_IN_SECONDS,
      notify: true,
    };
    for (const task of tasks) {
      // createQueue leaves an existing queue as it is; updateQueue carries a changed retry setting over.
      await boss.createQueue(task.name, { ...queueOptions, ...task.options });
      await boss.updateQueue(task.name, { ...queueOptions, ...task.options });
    }

    if (workers) {
      const context = workers(queue);
      for (const task of tasks) {
        const polling = { perJobResults: true, pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: POLL_SECONDS } as const;
        // A long job alone per fetch, in `concurrency` loops: a batch would wait for its slowest job before the worker fetched again.
        const workOptions = task.concurrency
          ? { ...polling, batchSize: 1, localConcurrency: task.concurrency }
          : { ...polling, batchSize: BATCH_SIZE, burstWhenBatchFull: true };
        await boss.work<never>(task.name, workOptions, (claimed) =>
          // Side by side, so a batch of short jobs takes as long as its slowest, well inside the expiry; each job settles on its own.
          Promise.all(
            claimed.map(async (one) => {
              try {
                const output = await task.work(one.data, context, one);
                return { id: one.id, status: "completed" as const, ...(output ? { output } : {}) };
              } catch (error) {
                log.warn(
                  { err: error, queue: task.name, job: one.id, attempt: one.retryCount + 1 },
                  "job attempt failed; retried later until its retries run out",
                );
                return { id: one.id, status: "failed" as const, output: { message: error instanceof Error ? error.message : String(error) } };
              }
            }),
          ),
        );
        // Stored in pg-boss's schedule table (an upsert), so every instance that runs workers keeps the same one.
        if (task.schedule) await boss.schedule(task.name, task.schedule, {});
      }
    }
  } catch (error) {
    // A half-started boss keeps a pool (PostgreSQL) and timers alive; let go of them.
    await boss.stop({ graceful: false }).catch(() => undefined);
    if (options.migrate === false && error instanceof Error && /not installed/.test(error.message)) {
      throw new Error("the job queue's tables are not installed: run `npm run db:migrate` (MIGRATE_ON_START=false leaves it to that)", { cause: error });
    }
    throw error;
  }
  return queue;
}
