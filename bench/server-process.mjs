// Child-process helpers the benchmarks share: a free port, a server of their own started and waited
// for, stopped and cleared away after, and the calls and uploads they make to it. The port, the poll
// and the streamed upload are the operations tests' own (ops/support), loaded through tsx so plain
// node can run the benchmarks.
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { tsImport } from "tsx/esm/api";

const { freePort } = await tsImport("../ops/support/free-port.ts", import.meta.url);
const { waitForOk } = await tsImport("../ops/support/wait-for.ts", import.meta.url);
const { streamMultipart } = await tsImport("../ops/support/multipart-stream.ts", import.meta.url);
export { freePort };

/** Spread into a benchmarked server's environment: no mail, Redis, S3, Stripe or metrics port from the caller's. */
export const NO_OUTSIDE_SERVICES = {
  SMTP_URL: "",
  REDIS_URL: "",
  S3_BUCKET: "",
  S3_ENDPOINT: "",
  S3_ACCESS_KEY_ID: "",
  S3_SECRET_ACCESS_KEY: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_PUBLISHABLE_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  METRICS_PORT: "",
};

const projectDir = new URL("..", import.meta.url);

/** Runs node with `args` in the project's folder, with `env` over this process's environment. */
export function startNode(args, env) {
  return spawn(process.execPath, args, { cwd: projectDir, env: { ...process.env, ...env }, stdio: "inherit" });
}

/**
 * The environment of a benchmarked server: on `port` and loopback, its data in `dataDir`, PGlite or
 * `databaseUrl`, this admin, quiet logs and rate limits out of the way of the load.
 */
export function benchServerEnv({ port, dataDir, databaseUrl, admin }) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "warn",
    // What `npm start` sets (package.json), since the benchmarks start scripts/start.mjs themselves.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    RATE_LIMIT_CONTACT_MAX: "1000000000",
    RATE_LIMIT_LOGIN_MAX: "1000000000",
    RATE_LIMIT_REGISTER_MAX: "1000000000",
    ...NO_OUTSIDE_SERVICES,
  };
}

const MIB = 1024 * 1024;
// An MP4 header (the server sniffs the type from it), then bytes that differ per MiB, so a part
// sent twice or out of place changes the file's hash.
const MP4_HEADER = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

/** The bytes of a `sizeMb` MiB video from `start` on, in chunks of at most 1 MiB, never whole in memory. */
export function videoBytes(sizeMb, start = 0) {
  const size = sizeMb * MIB;
  const filled = Array.from({ length: 251 }, (_, value) => Buffer.alloc(MIB, value));
  return Readable.from(
    (function* () {
      let offset = start;
      if (offset < MP4_HEADER.length) {
        yield MP4_HEADER.subarray(offset);
        offset = MP4_HEADER.length;
      }
      while (offset < size) {
        const inChunk = offset % MIB;
        const next = Math.min(MIB - inChunk, size - offset);
        yield filled[Math.floor(offset / MIB) % 251].subarray(inChunk, inChunk + next);
        offset += next;
      }
    })(),
  );
}

/** MB/s of writing the same `sizeMb` video to a file in `dir` (removed after): what the disk itself does. */
export async function rawDiskWrite(dir, sizeMb) {
  const file = path.join(dir, "raw.bin");
  const started = performance.now();
  await pipeline(videoBytes(sizeMb), createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  rmSync(file);
  return sizeMb / seconds;
}

/**
 * Runs `bench` against a server of its own: `entry` (the built server unless told) on a free port
 * and loopback, its data in a new folder named after `name`, a fresh database (freshDatabase,
 * `databasePrefix`), `admin` its administrator, `env` over benchServerEnv's. `bench` gets { base,
 * server, dataDir, database }. The server, the database and the folder are gone after, whatever
 * happened; an error is printed and sets the exit code.
 */
export async function withBenchServer({ name, admin, entry = "dist/server/index.js", databasePrefix = "skyvantage_bench", env = {} }, bench) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `skyvantage-bench-${name}-`));
  let database;
  let server;
  try {
    database = await freshDatabase(databasePrefix);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startNode([entry], { ...benchServerEnv({ port, dataDir, databaseUrl: database.url, admin }), ...env });
    await waitFor(`${base}/api/health`, server);
    await bench({ base, server, dataDir, database });
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await stop(server);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A process's resident memory in MB, as /proc says now. */
export function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

/**
 * Like server/testing/test-app.ts: a new database beside DATABASE_URL (named with `prefix`, dropped
 * by `drop()`), or { url: "" } for PGlite when DATABASE_URL is unset.
 */
export async function freshDatabase(prefix) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: "", drop: async () => undefined };
  const { createScratchDatabase } = await tsImport("../server/testing/scratch-database.ts", import.meta.url);
  return createScratchDatabase(baseUrl, prefix);
}

/** Logs in and answers a Cookie header ("a=1; b=2") of every cookie the login sets, for later requests. */
export async function loginCookie(base, credentials) {
  const login = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(credentials) });
  if (!login.ok) throw new Error(`login as ${credentials.username} answered ${login.status}`);
  // Every cookie the login sets, as a browser would send them back: the session and the signed-in hint.
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const START_TIMEOUT_MS = 60_000;

function running(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** A Cookie header ("a=1; b=2", as loginCookie answers it) as the cookies a browser context takes for `base`. */
export function browserCookies(header, base) {
  return header.split("; ").map((pair) => {
    const [name = "", ...value] = pair.split("=");
    return { name, value: value.join("="), url: base };
  });
}

/** Waits until `url` answers 200; throws if the child exits first or a minute passes. */
export async function waitFor(url, child) {
  if (await waitForOk(url, START_TIMEOUT_MS, () => !running(child))) return;
  if (!running(child)) throw new Error(`${url}: the server exited with ${child.exitCode ?? child.signalCode}`);
  throw new Error(`${url}: the server did not start`);
}

export async function stop(child) {
  if (!child || !running(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Streams `fields` then a file's bytes (`bytes`: an iterable of Buffers, never whole in memory: the
 * benches send 1 GB files) as multipart/form-data to `url`, and answers the JSON of a 201 (its
 * `data` when it has one); any other status throws.
 */
export async function postMultipart(base, cookie, url, fields, file) {
  const { status, body } = await streamMultipart(`${base}${url}`, { cookie, origin: base }, fields, file);
  if (status !== 201) throw new Error(`POST ${url} answered ${status} ${body}`);
  const answer = JSON.parse(body);
  return answer.data ?? answer;
}

/** Streams a GeoTIFF from disk to POST /api/admin/jobs/:id/layers with its fields first and answers the created layer. */
export function uploadLayer(base, cookie, jobId, file, fields) {
  return postMultipart(base, cookie, `/api/admin/jobs/${jobId}/layers`, fields, {
    name: path.basename(file),
    type: "image/tiff",
    bytes: createReadStream(file),
  });
}

/** An API call's JSON (see call), unwrapped from `{ success, data }` where the endpoint wraps it. */
export async function callData(base, cookie, method, url, body) {
  const { json } = await call(base, cookie, method, url, body);
  return json?.data ?? json;
}

/** One API call with the origin header the server asks of a write (and a session cookie, if any): its JSON and response; throws on an error status. */
export async function call(base, cookie, method, url, body) {
  const headers = { origin: base, ...(cookie ? { cookie } : {}) };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base}${url}`, { method, headers, body: payload });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : undefined, response };
}

/** About 400 m × 300 m of a solar farm near Austin, as [west, south, east, north]: the site solarJob draws. */
export const SOLAR_SITE = [-97.742, 30.2686, -97.7378, 30.2713];

/**
 * A new customer (`person`: a prefix of their username, their names and password) with a job at a
 * solar farm: opened by the admin on the solar service, its boundary (SOLAR_SITE) drawn and its
 * inspection conditions recorded. Answers the customer's cookie, their id, the service's and the job's.
 */
export async function solarJob(base, adminCookie, { prefix, firstName, lastName, password }) {
  const stamp = Date.now().toString(36);
  const customer = { username: `${prefix}-${stamp}`, email: `${prefix}-${stamp}@example.com`, firstName, lastName, password };
  await callData(base, "", "POST", "/api/register", customer);
  const customerCookie = await loginCookie(base, customer);
  const { id: userId } = await callData(base, customerCookie, "GET", "/api/user");
  const services = await callData(base, adminCookie, "GET", "/api/services?active=true");
  const service = services.find((candidate) => candidate.category === "solar") ?? services[0];
  const site = { name: "North array", address: "1 Solar Way", latitude: 30.27, longitude: -97.74 };
  const { id: jobId } = await callData(base, adminCookie, "POST", "/api/admin/jobs", { userId, serviceId: service.id, title: "Solar farm North", site });
  const [west, south, east, north] = SOLAR_SITE;
  await callData(base, adminCookie, "PUT", `/api/jobs/${jobId}/site-boundary`, {
    type: "Polygon",
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  });
  await callData(base, adminCookie, "PUT", `/api/admin/jobs/${jobId}/inspection-conditions`, {
    irradiance: 812,
    ambientTemp: 24,
    windSpeed: 3.1,
    cloudCover: 1,
    cloudUnit: "oktas",
    aircraft: "DJI Matrice 350 RTK",
    camera: "Zenmuse H20T",
  });
  return { customerCookie, userId, serviceId: service.id, jobId };
}

/** Polls the job's layers every 250 ms until `layerId` is ready and answers it; throws when it fails. */
export async function layerReady(base, cookie, jobId, layerId) {
  for (;;) {
    const layer = (await callData(base, cookie, "GET", `/api/jobs/${jobId}/layers`)).find((candidate) => candidate.id === layerId);
    if (!layer) throw new Error(`layer ${layerId} of job ${jobId} is gone`);
    if (layer.status === "ready") return layer;
    if (layer.status === "failed") throw new Error(`layer ${layer.title} failed: ${layer.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Carries a job to delivered through the API as the admin (who flies it): scheduled three days ago,
 * flown (its pre-flight checklist overridden: the bench's data is not a flight, decision 0074), then
 * delivered, when its customer sees its layers and findings (docs/product.md §10).
 */
export async function deliverJob(base, adminCookie, jobId) {
  const { id: pilotId } = await callData(base, adminCookie, "GET", "/api/user");
  const start = Date.now() - 3 * 86_400_000;
  await callData(base, adminCookie, "PATCH", `/api/admin/jobs/${jobId}`, {
    status: "scheduled",
    scheduledStart: new Date(start).toISOString(),
    scheduledEnd: new Date(start + 3_600_000).toISOString(),
    timeZone: "UTC",
    pilotId,
  });
  await callData(base, adminCookie, "PATCH", `/api/admin/jobs/${jobId}`, {
    status: "flown",
    flight: { flownOn: new Date(start).toISOString().slice(0, 10), durationMinutes: 30, aircraft: "M30T" },
    overrideReason: "Benchmark data, no flight flown",
  });
  await callData(base, adminCookie, "PATCH", `/api/admin/jobs/${jobId}`, { status: "delivered" });
}

/** Imports `csv` (a header and rows) as the job's findings in one file, and answers them; throws unless all `count` were imported. */
export async function importFindings(base, adminCookie, jobId, csv, count) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "findings.csv");
  const imported = await callData(base, adminCookie, "POST", `/api/admin/jobs/${jobId}/findings/import`, form);
  if (imported.length !== count) throw new Error(`imported ${imported.length} findings, not ${count}`);
  return imported;
}

/**
 * Where a page's time went (for BENCH_DETAIL=1): each request's start and end after navigation,
 * its transferred kilobytes and address, one line each.
 */
export function resourceTimeline(page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map(
        (entry) =>
          `${entry.startTime.toFixed(0).padStart(5)}–${entry.responseEnd.toFixed(0).padStart(5)} ms ${(entry.transferSize / 1024).toFixed(0).padStart(5)} KB ${entry.name.replace(location.origin, "")}`,
      )
      .join("\n"),
  );
}
