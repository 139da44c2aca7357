import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { ConfigError, loadConfig } from "./config";
import { loggerOptions } from "./http/logging";
import { withWmtsTiles } from "./settings/wmts";
import { startWorkerProcess } from "./worker-process";

/** `npm run worker`: runs the job queue's workers (mail, later reminders and processing) until SIGTERM. */
async function main(): Promise<void> {
  const config = await withWmtsTiles(loadConfig(), (message) => console.warn(message));
  // Fastify's own pino, configured as the web server's; no server is built or listens.
  const { log } = Fastify({ logger: loggerOptions(config.logLevel).logger });
  // The bundle lives in dist/server; the built client beside it in dist/client.
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  const worker = await startWorkerProcess(config, log, { clientDir });
  log.info("SkyVantage worker is running (database: postgres)");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: letting running jobs finish");
    const timer = setTimeout(() => {
      log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await worker.stop();
    log.info("shutdown complete");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
