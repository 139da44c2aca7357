import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { bootstrapAdmin } from "./auth/admin-bootstrap";
import { deleteExpiredSessions } from "./auth/sessions";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedServices } from "./db/seed";

// The bundle lives in dist/server; the built client beside it in dist/client.
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, migrate: config.migrateOnStart, onPoolError: (error) => console.error("database pool error:", error.message) }
      : { dataDir: config.dataDir, migrate: config.migrateOnStart },
  );
  await seedServices(database.db);
  await deleteExpiredSessions(database.db);
  const admin = await bootstrapAdmin(database.db, config.admin);
  const app = await buildApp({ config, database, clientDir, processMetrics: true });
  // Prometheus scrapes here without a session; keep this port inside the private network.
  const metricsServer = config.metricsPort === undefined ? null : createServer((request, response) => {
    if (request.url !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    app.metrics.metrics().then(
      (text) => response.writeHead(200, { "content-type": app.metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  if (admin.action === "generated") {
    // Printed once, to the console only: the log may be shipped elsewhere.
    console.log(`\n  An admin account was created: username "${admin.username}", password "${admin.password}"\n  Keep it safe; it is not shown again. Set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: draining in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    metricsServer?.close();
    await app.close();
    await database.close();
    app.log.info("shutdown complete");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  if (metricsServer) metricsServer.listen(config.metricsPort, config.host);
  app.log.info(`SkyVantage is running at http://${config.host}:${config.port} (database: ${database.kind}${database.kind === "pglite" ? ` in ${config.dataDir}` : ""})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
