import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Peer, startS3Peer } from "../server/testing/s3-peer";
import { createScratchDatabase, type ScratchDatabase } from "../server/testing/scratch-database";
import { freePort } from "./support/free-port";
import { streamMultipart } from "./support/multipart-stream";
import { type Nginx, startNginx } from "./support/nginx";
import { ADMIN, type ServerProcess, startServer } from "./support/server-process";

/**
 * docs/architecture.md §1 scale-out: two server processes on different ports share PostgreSQL, Redis and an
 * S3-compatible bucket (s3rver), behind Debian's nginx with deploy/nginx.conf (its upstream
 * re-pointed at them).
 */

const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
const MP4_HEADER = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** A media upload whose body trickles in over about `seconds`, so it is in flight while we act. */
function slowUpload(base: string, cookie: string, seconds: number): Promise<{ status: number; body: string }> {
  const fields = { userId: "admin", serviceId: "1", title: "In-flight upload", description: "Sent while an instance drains", isGalleryItem: "false" };
  const chunks = 20;
  const bytes = (async function* () {
    yield MP4_HEADER;
    for (let index = 0; index < chunks; index += 1) {
      await sleep((seconds * 1000) / chunks);
      yield Buffer.alloc(256 * 1024, index);
    }
  })();
  return streamMultipart(`${base}/api/upload-media`, { cookie }, fields, { name: "drain.mp4", type: "video/mp4", bytes });
}

describe("two instances behind nginx", () => {
  let database: ScratchDatabase;
  let work: string;
  let first: ServerProcess;
  let second: ServerProcess;
  let nginx: Nginx;
  let bucket: S3Peer;
  let metricsPort: number;
  let balanced: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "skyvantage-scale-"));
    database = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_scale");
    bucket = await startS3Peer();
    // As compose.yaml deploys: migrate once (`npm run db:migrate`), then instances that do not migrate.
    const migrate = spawn(process.execPath, ["dist/server/migrate.js"], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let migrated = "";
    migrate.stdout.on("data", (chunk: Buffer) => (migrated += chunk.toString()));
    const [migrateCode] = await once(migrate, "exit");
    expect(migrateCode).toBe(0);
    expect(migrated).toContain("Database migrated (postgres)");

    const shared = { DATABASE_URL: database.url, MIGRATE_ON_START: "false", REDIS_URL, ...bucket.env, TRUST_PROXY: "1", SHUTDOWN_TIMEOUT_MS: "20000" };
    metricsPort = await freePort();
    // Started together, as an orchestrator would: the admin account and the seed must not collide.
    [first, second] = await Promise.all([startServer(shared), startServer({ ...shared, METRICS_PORT: String(metricsPort) })]);
    nginx = await startNginx(
      work,
      [first, second].map((server) => Number(new URL(server.url).port)),
    );
    balanced = nginx.url;
  });

  afterAll(async () => {
    nginx?.process.kill("SIGKILL");
    await Promise.all([first?.stop(), second?.stop()]);
    await bucket?.close();
    await database?.drop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  });

  it("serves through nginx with the request id nginx gave", async () => {
    const res = await fetch(`${balanced}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("is ready on both instances, and serves Prometheus metrics on the metrics port without a login", async () => {
    for (const instance of [first, second]) expect((await fetch(`${instance.url}/api/health/ready`)).status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/http_requests_total\{method="GET",route="\/api\/health\/ready",status="200"\} 1/);
    expect((await fetch(`${second.url}/api/metrics`)).status).toBe(401);
  });

  it("keeps a session opened through one instance valid on the other, and its logout too", async () => {
    const cookie = await login(first.url, ADMIN.username, ADMIN.password);
    const me = await fetch(`${second.url}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe(ADMIN.username);
    await fetch(`${second.url}/api/logout`, { method: "POST", headers: { cookie } });
    expect((await fetch(`${first.url}/api/user`, { headers: { cookie } })).status).toBe(401);
  });

  it("downloads through one instance a file uploaded through the other", async () => {
    const cookie = await login(first.url, ADMIN.username, ADMIN.password);
    const form = new FormData();
    for (const [name, value] of Object.entries({ userId: "admin", serviceId: "1", title: "Shared roof", description: "Seen by both", isGalleryItem: "false" }))
      form.append(name, value);
    form.append("file", new Blob([PNG], { type: "image/png" }), "roof.png");
    const uploaded = await fetch(`${first.url}/api/admin/media`, { method: "POST", headers: { cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const { data } = await uploaded.json();
    const downloaded = await fetch(`${second.url}/api/media/${data.id}/file`, { headers: { cookie } });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await bucket.keys()).length).toBeGreaterThan(0);
  });

  it("loses no request when one instance gets SIGTERM under load, and finishes its upload in flight", async () => {
    const cookie = await login(first.url, ADMIN.username, ADMIN.password);
    const load = autocannon({ url: `${balanced}/api/services?active=true`, connections: 16, duration: 6 });
    await sleep(1_000);
    const upload = slowUpload(first.url, cookie, 3);
    await sleep(800);
    first.child.kill("SIGTERM");

    const [result, finished] = await Promise.all([load, upload, once(first.child, "exit")]);
    expect(finished.status).toBe(201);
    expect(first.exit(), first.output()).toEqual({ code: 0, signal: null });
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
    expect(result.requests.total).toBeGreaterThan(100);

    // The file the drained instance stored is there for the one still running.
    const { data } = JSON.parse(finished.body);
    const stored = await fetch(`${second.url}/api/media/${data.id}/file`, { headers: { cookie: await login(second.url, ADMIN.username, ADMIN.password) } });
    expect(stored.status).toBe(200);
    expect(Number(stored.headers.get("content-length"))).toBe(MP4_HEADER.length + 20 * 256 * 1024);
  });
});
