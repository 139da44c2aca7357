import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { createScratchDatabase } from "./scratch-database";
import { seedServices } from "../db/seed";
import { checklistItems } from "../db/schema";
import type { PaymentProvider } from "../payments/provider";
import type { Mailer } from "../mail/mailer";
import type { Storage } from "../storage/storage";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** This app's own DATA_DIR (uploads land in DATA_DIR/uploads), removed at close. */
  dataDir: string;
  close(): Promise<void>;
}

/** The migrated PGlite data directory made once per run by global-setup.ts. */
export async function pgliteTemplate(): Promise<Blob> {
  return new Blob([await readFile(inject("pgliteTemplate"))]);
}

/**
 * A fresh database per test file: in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database beside it (dropped at close), so test files can run in parallel.
 * `sharedUrl`: an existing PostgreSQL database several apps use at once (left in place).
 */
async function freshDatabase(sharedUrl?: string): Promise<{ database: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (sharedUrl) return { database: await openDatabase({ databaseUrl: sharedUrl }), url: sharedUrl, drop: async () => undefined };
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: null, template: await pgliteTemplate() });
    return { database, drop: async () => undefined };
  }
  const scratch = await createScratchDatabase(baseUrl, "skyvantage_test");
  const database = await openDatabase({ databaseUrl: scratch.url });
  return { database, url: scratch.url, drop: scratch.drop };
}

export interface TestAppOptions {
  /** Replaces the configured mailer; the queue's workers in this app send through it. */
  mailer?: Mailer;
  payments?: PaymentProvider;
  logger?: object;
  storage?: Storage;
  /**
   * Keep the pre-flight checklist migration 0033 seeds. Without it the app starts with none, so a
   * test of another feature marks a job flown without ticking one (docs/decisions/0074-preflight-checklist.md).
   */
  seededChecklist?: boolean;
  /** Share this PostgreSQL database (several instances of one site) instead of a fresh one. */
  databaseUrl?: string;
}

/** Builds the app in-process on a fresh database; `env` overrides configuration (rate limits…). */
export async function createTestApp(env: Record<string, string> = {}, { databaseUrl, seededChecklist, ...options }: TestAppOptions = {}): Promise<TestApp> {
  const { database, url, drop } = await freshDatabase(databaseUrl);
  await seedServices(database.db);
  if (!seededChecklist && !databaseUrl) await database.db.delete(checklistItems);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-test-"));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    RATE_LIMIT_CONTACT_MAX: "1000",
    RATE_LIMIT_LOGIN_MAX: "1000",
    RATE_LIMIT_REGISTER_MAX: "1000",
    // A mail refused by SMTP is retried after about a second, not five.
    QUEUE_RETRY_DELAY_SECONDS: "1",
    ...env,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
