import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "./client";

describe("migrations and readiness", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-migrate-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("is not ready until every committed migration is applied, then ready", async () => {
    const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const unmigrated = await openDatabase({ dataDir, migrate: false });
    expect(await unmigrated.pendingMigrations()).toBeGreaterThanOrEqual(3);
    const app = await buildApp({ config, database: unmigrated, logger: false });
    const waiting = await app.inject({ method: "GET", url: "/api/health/ready" });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json()).toMatchObject({ status: "migrating" });
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    await app.close();
    await unmigrated.close();

    // What `npm run db:migrate` does: open with migrations applied.
    const migrated = await openDatabase({ dataDir });
    expect(await migrated.pendingMigrations()).toBe(0);
    const ready = await buildApp({ config, database: migrated, logger: false });
    const answer = await ready.inject({ method: "GET", url: "/api/health/ready" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: "ready" });
    await ready.close();
    await migrated.close();
  });
});
