import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { acquireDataDirLock, DataDirInUseError } from "./db/data-dir-lock";
import { startQueue } from "./queue/queue";
import { tasks } from "./tasks";

/**
 * `npm run db:migrate`: applies the committed migrations and exits, for deployments that
 * migrate before rolling out instances started with MIGRATE_ON_START=false.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // A running server holds the embedded database: migrating under it would be a second writer.
  const dataDirLock = config.databaseUrl ? null : await acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  // The job queue's own schema (pg-boss installs and upgrades it), for instances started with MIGRATE_ON_START=false.
  await (await startQueue(database, { log: console, retryDelaySeconds: config.queueRetryDelaySeconds, tasks })).stop();
  const pending = await database.pendingMigrations();
  await database.close();
  dataDirLock?.release();
  if (pending > 0) throw new Error(`${pending} migrations are still pending after migrating`);
  console.log(`Database migrated (${database.kind}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
