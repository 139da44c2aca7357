import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";

/**
 * `npm run db:migrate`: applies the committed migrations and exits, for deployments that
 * migrate before rolling out instances started with MIGRATE_ON_START=false.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  const pending = await database.pendingMigrations();
  await database.close();
  if (pending > 0) throw new Error(`${pending} migrations are still pending after migrating`);
  console.log(`Database migrated (${database.kind}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
