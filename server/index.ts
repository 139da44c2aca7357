import { createServer } from "node:http";
import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app";
import { AdminBootstrapError, bootstrapAdmin } from "./auth/admin-bootstrap";
import { deleteExpiredSessions } from "./auth/sessions";
import { type Config, ConfigError, loadConfig } from "./config";
import { withWmtsTiles } from "./settings/wmts";
import { openDatabase, servingDatabaseOptions } from "./db/client";
import { acquireDataDirLock, DataDirInUseError } from "./db/data-dir-lock";
import { seedServices } from "./db/seed";
import { storageFor } from "./storage/select-storage";

// The bundle lives in dist/server; the built client beside it in dist/client.
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

async function main(): Promise<void> {
  const config = await withWmtsTiles(loadConfig(), (message) => console.warn(message));
  // PGlite in DATA_DIR allows one process; with DATABASE_URL, DATA_DIR holds only shareable uploads.
  const dataDirLock = config.databaseUrl ? null : await acquireDataDirLock(config.dataDir);
  const database = await openDatabase(servingDatabaseOptions(config, (error) => console.error("database pool error:", error.message)));
  await seedServices(database.db);
  await deleteExpiredSessions(database.db);
  const admin = await bootstrapAdmin(database.db, config.admin, config.dataDir);
  const storage = storageFor(config);
  const app = await buildApp({ config, database, clientDir, processMetrics: true, storage });
  // Partial files of uploads a crash cut short; a store that cannot list them (s3rver) only warns.
  await storage.sweepIncomplete().then(
    (removed) => removed > 0 && app.log.info({ removed }, "removed partial uploads left by an earlier crash"),
    (error: unknown) => app.log.warn({ err: error }, "could not look for partial uploads left by a crash"),
  );
  // Prometheus scrapes here without a session; keep this port inside the private network.
  const metricsServer =
    config.metricsPort === undefined
      ? null
      : createServer((request, response) => {
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
    // Where, never what: the console and the log may be shipped elsewhere.
    app.log.warn(
      `An admin account "${admin.username}" was created; its password is in ${admin.passwordFile} (readable by this user only). Keep it somewhere safe and delete the file, or set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.`,
    );
  }
  if (admin.action === "configured" && admin.promoted)
    app.log.warn(`ADMIN_PROMOTE: the existing account "${admin.username}" is now the admin; its earlier sessions were ended.`);

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
    dataDirLock?.release();
    app.log.info("shutdown complete");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // scripts/start.mjs held the young generation at its smallest while the server loaded; from here it
  // grows as V8 decides (2 is V8's own factor), so requests under load collect no more often than usual.
  v8.setFlagsFromString("--semi-space-growth-factor=2");
  if (metricsServer) metricsServer.listen(config.metricsPort, config.host);
  app.log.info(
    `SkyVantage is running at http://${config.host}:${config.port} (database: ${database.kind}${database.kind === "pglite" ? ` in ${config.dataDir}` : ""})`,
  );
  logModeWarnings(app.log, config);
}

/** What an operator must know about this mode before trusting it (docs/decisions/0013-run-modes.md). */
function logModeWarnings(log: FastifyBaseLogger, config: Config): void {
  // On loopback in development the reset link comes back in the answer instead (docs/product.md §7).
  if (!config.mail.smtpUrl && !config.resetLinkInAnswer) {
    log.warn("No SMTP_URL: password-reset and other mails are only written to this log and go nowhere until SMTP_URL is set.");
  }
  if (!config.publicUrlConfigured && !config.production) {
    log.info(`No PUBLIC_URL: links in mails and pages point to ${config.publicUrl}; set PUBLIC_URL to the address people use.`);
  }
}

main().catch((error: unknown) => {
  // The operator's to fix, and said in full by the message: no stack trace around it.
  const plain = error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof AdminBootstrapError;
  console.error(plain ? error.message : error);
  process.exit(1);
});
