import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { registerErrorHandling } from "./errors";
import { registerUser } from "../testing/factories";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-database";
import type { TestApp } from "../testing/test-app";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { seedServices } from "../db/seed";

// The machine's PostgreSQL is always there, so this runs in the PGlite suite too.
const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const STATEMENT_TIMEOUT_MS = 300;

/** A TCP relay to PostgreSQL that can stop forwarding in both directions, keeping every connection open. */
async function blackHoleProxy(target: URL): Promise<{ port: number; blackHole(): void; close(): Promise<void> }> {
  let blackHoled = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on("data", (chunk) => blackHoled || upstream.write(chunk));
    upstream.on("data", (chunk) => blackHoled || client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    blackHole: () => {
      blackHoled = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("a database that stops answering gives 503, not a hung request", () => {
  let scratch: ScratchDatabase;
  let proxy: Awaited<ReturnType<typeof blackHoleProxy>>;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE_URL, "skyvantage_timeout");
    proxy = await blackHoleProxy(new URL(BASE_URL));
    const url = new URL(scratch.url);
    url.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    await seedServices(database.db);
    const config = loadConfig({
      LOG_LEVEL: "silent",
      DATABASE_URL: url.toString(),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      QUEUE_WORKERS: "false",
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await proxy.close();
    await app.close();
    await database.close();
    await scratch.drop();
  });

  it("cancels a statement that runs past DB_STATEMENT_TIMEOUT_MS, and answers 503", async () => {
    const slow = Fastify({ logger: false });
    registerErrorHandling(slow);
    slow.get("/slow", async () => database.db.execute(sql`select pg_sleep(30)`));
    const res = await slow.inject({ method: "GET", url: "/slow" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    await slow.close();
  });

  it("gives up on a connection that went silent mid-session, and answers 503", async () => {
    const pilot = await registerUser({ app } as TestApp);
    const me = () => app.inject({ method: "GET", url: "/api/user", headers: { cookie: pilot.cookie } });
    expect((await me()).statusCode).toBe(200);
    proxy.blackHole();
    const res = await me();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "The service is temporarily unavailable. Please try again shortly." });
  });
});
