import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { startQueue } from "./queue/queue";

/**
 * `npm run db:migrate`: applies the committed migrations and exits, for deployments that
 * migrate before rolling out instances started with MIGRATE_ON_START=false.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  // The job queue's own schema (pg-boss installs and upgrades it), for instances started with MIGRATE_ON_START=false.
  await (await startQueue(database, { log: console, retryDelaySeconds: config.queueRetryDelaySeconds })).stop();
  const pending = await database.pendingMigrations();
  await database.close();
  if (pending > 0) throw new Error(`${pending} migrations are still pending after migrating`);
  console.log(`Database migrated (${database.kind}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
