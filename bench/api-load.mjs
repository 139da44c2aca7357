// API load at a fixed concurrency (issue 6): a bare Fastify hello-world, GET /api/services?active=true
// and POST /api/contact, one after the other in the same run, each after a short warm-up.
// Prints requests per second, p99 latency and errors / timeouts / non-2xx per run, the ratio
// services / bare Fastify (target ≥ 50%), and "stored N of N acknowledged": every contact the server
// answered 201 to, looked up by id through the admin API. Exits non-zero on any error or lost contact.
// The load generator runs in this process, the two servers in child processes (the machine has 2 cores).
// PGlite in a temporary DATA_DIR; with DATABASE_URL set, a fresh PostgreSQL database beside it, dropped after.
// Usage: npm run build && node bench/api-load.mjs [seconds=10] [connections=10]
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const WARM_UP_SECONDS = 2;
const READ_RATIO_TARGET = 50;
const projectDir = fileURLToPath(new URL("..", import.meta.url));
const adminLogin = { username: "bench", password: "bench-password" };

// A valid inquiry (common/contact.ts); not a quote, so it needs no session.
const INQUIRY = JSON.stringify({
  name: "Bench Visitor",
  email: "bench@example.com",
  phone: "+1 555 010 0000",
  service: "solar",
  message: "Benchmark inquiry about a solar farm inspection.",
});

// The baseline: Fastify's defaults, one route, a small JSON answer.
const BARE_FASTIFY = `
import Fastify from "fastify";
const app = Fastify();
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Like server/testing/test-app.ts: a new database beside DATABASE_URL, or PGlite when unset. */
async function freshDatabase() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: "", drop: async () => undefined };
  const name = `skyvantage_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function start(args, env) {
  return spawn(process.execPath, args, { cwd: projectDir, env: { ...process.env, ...env }, stdio: "inherit" });
}

function running(child) {
  return child.exitCode === null && child.signalCode === null;
}

async function waitFor(url, child) {
  for (let i = 0; i < 120; i++) {
    if (!running(child)) throw new Error(`${url}: the server exited with ${child.exitCode ?? child.signalCode}`);
    const ok = await fetch(url).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url}: the server did not start`);
}

async function stop(child) {
  if (!child || !running(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** A warm-up, then the measured run; failures of either count. */
async function measure(label, options) {
  const warmUp = await autocannon({ ...options, connections, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, connections, duration: seconds });
  const failures = warmUp.errors + warmUp.non2xx + result.errors + result.non2xx;
  console.log(
    `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p99 ${String(result.latency.p99).padStart(3)} ms   ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  );
  return { rate: result.requests.average, failures };
}

async function storedContactIds(base) {
  const login = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(adminLogin) });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const response = await fetch(`${base}/api/contact`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/contact answered ${response.status}`);
  const { data } = await response.json();
  return new Set(data.map((row) => row.id));
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-"));
let database;
let server;
let bare;
try {
  database = await freshDatabase();
  const [serverPort, barePort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${serverPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  server = start(["dist/server/index.js"], {
    PORT: String(serverPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN_USERNAME: adminLogin.username,
    ADMIN_PASSWORD: adminLogin.password,
    LOG_LEVEL: "warn",
    RATE_LIMIT_CONTACT_MAX: "1000000000",
    RATE_LIMIT_LOGIN_MAX: "1000000000",
    RATE_LIMIT_REGISTER_MAX: "1000000000",
    // Only what this run sets: no mail, Redis, S3, Stripe or metrics port from the caller's environment.
    SMTP_URL: "",
    REDIS_URL: "",
    S3_BUCKET: "",
    S3_ENDPOINT: "",
    S3_ACCESS_KEY_ID: "",
    S3_SECRET_ACCESS_KEY: "",
    STRIPE_SECRET_KEY: "",
    METRICS_PORT: "",
  });
  bare = start(["--input-type=module", "--eval", BARE_FASTIFY], { PORT: String(barePort) });
  await Promise.all([waitFor(`${base}/api/health`, server), waitFor(bareUrl, bare)]);

  console.log(`${connections} connections, ${seconds} s per run after ${WARM_UP_SECONDS} s of warm-up; database: ${database.url ? "PostgreSQL" : "PGlite"}`);
  const bareRun = await measure("bare Fastify GET /", { url: bareUrl });
  const servicesRun = await measure("GET /api/services?active=true", { url: `${base}/api/services?active=true` });

  let acknowledged = 0;
  const acknowledgedIds = [];
  const contactRun = await measure("POST /api/contact", {
    url: `${base}/api/contact`,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: INQUIRY,
        onResponse: (status, body) => {
          if (status !== 201) return;
          acknowledged++;
          acknowledgedIds.push(JSON.parse(body).data.id);
        },
      },
    ],
  });

  const ratio = (servicesRun.rate / bareRun.rate) * 100;
  console.log(`services / bare Fastify: ${ratio.toFixed(0)}% (target ≥ ${READ_RATIO_TARGET}%)`);
  console.log(`contact / bare Fastify: ${((contactRun.rate / bareRun.rate) * 100).toFixed(0)}%`);

  // Requests cut off when a run ends may still be stored unacknowledged; only acknowledged ones must be.
  const stored = await storedContactIds(base);
  const found = acknowledgedIds.filter((id) => stored.has(id)).length;
  const unacknowledged = stored.size - found;
  console.log(`stored ${found} of ${acknowledged} acknowledged${unacknowledged > 0 ? ` (plus ${unacknowledged} from requests cut off at the end of a run)` : ""}`);

  const failures = bareRun.failures + servicesRun.failures + contactRun.failures;
  if (failures > 0 || found !== acknowledged) {
    console.error(failures > 0 ? `${failures} failed requests` : `${acknowledged - found} acknowledged contacts are missing`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all([stop(server), stop(bare)]);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
