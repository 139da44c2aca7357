import type { FastifyBaseLogger } from "fastify";
import { type Config, ConfigError } from "./config";
import { openDatabase, servingDatabaseOptions } from "./db/client";
import { createMailer, type Mailer } from "./mail/mailer";
import { businessSettingsFor } from "./settings/business-settings";
import { storageFor } from "./storage/select-storage";
import type { Storage } from "./storage/storage";
import { startQueue } from "./queue/queue";
import { PageRenderer } from "./site/page-renderer";
import { renderStalePagesWith } from "./site/render-pages";
import { siteNowFrom } from "./site/site-config";
import { socialProfileUrls } from "./site-content/social-links";
import { taskContext, tasks } from "./tasks";

export interface WorkerProcess {
  stop(): Promise<void>;
}

/**
 * `npm run worker`: the queue's workers without a web server, for deployments that scale
 * background work apart (QUEUE_WORKERS=false on the web instances). PostgreSQL only: PGlite
 * belongs to the one process that opened its data directory.
 */
export async function startWorkerProcess(
  config: Config,
  log: FastifyBaseLogger,
  options: { mailer?: Mailer; storage?: Storage; clientDir?: string } = {},
): Promise<WorkerProcess> {
  if (!config.databaseUrl)
    throw new ConfigError(
      "npm run worker needs DATABASE_URL: worker processes share PostgreSQL with the web servers (the embedded database belongs to one process)",
    );
  const database = await openDatabase(servingDatabaseOptions(config, (error) => log.error({ err: error }, "database pool error")));
  try {
    const settings = businessSettingsFor(config, database.db);
    const mailer = options.mailer ?? createMailer(async () => (await settings.store.read()).mail, log);
    // The worker renders the public pages a publish changed, from the same build as the web servers.
    const renderer = PageRenderer.ifBuilt(options.clientDir);
    const renderPages = renderer ? renderStalePagesWith(database.db, renderer, siteNowFrom(config, settings.store, socialProfileUrls(database.db))) : null;
    const queue = await startQueue(database, {
      log,
      retryDelaySeconds: config.queueRetryDelaySeconds,
      migrate: config.migrateOnStart,
      tasks,
      workers: taskContext(config, database.db, settings, mailer, log, options.storage ?? storageFor(config), renderPages),
    });
    return {
      stop: async () => {
        await queue.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
