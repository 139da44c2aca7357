// API load at a fixed concurrency: a bare Fastify hello-world, GET /api/services?active=true
// and POST /api/contact, then the home page (GET /, brotli) on a fresh install and again once the
// business's settings are saved (a row to read), one after the other in the same run, each after a
// short warm-up. Prints requests per second, p50 and p99 latency, the server's CPU time per request and the share of the
// machine's CPU the hypervisor gave elsewhere (Linux; both tell a run slowed by something else on the
// machine from a slow server) and errors / timeouts / non-2xx per run, the ratio
// services / bare Fastify (target ≥ 50%), and "stored N of N acknowledged": every contact the server
// answered 201 to, looked up by id through the admin API. Exits non-zero on any error or lost contact.
// Also the server's resident memory (Linux, VmRSS): idle once started, and the peak sampled during its
// first two runs, against its targets (250 MB idle, 350 MB under load;
// docs/decisions/0018-embedded-database-memory.md). The server is the process `npm start` leaves
// serving (`node scripts/start.mjs`, which only builds when the build is stale).
// The load generator runs in this process, the two servers in child processes (the machine has 2 cores).
// PGlite in a temporary DATA_DIR; with DATABASE_URL set, a fresh PostgreSQL database beside it, dropped after.
// Usage: npm run build && node bench/api-load.mjs [seconds=10] [connections=10]
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { call, freePort, freshDatabase, loginCookie, benchServerEnv, startNode, stop, waitFor } from "./server-process.mjs";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const WARM_UP_SECONDS = 2;
const READ_RATIO_TARGET = 50;
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

// What an owner saves on day one (common/settings.ts's settingsPatchSchema), short of a mail server:
// its mails would go nowhere under the inquiries' load.
const DAY_ONE_SETTINGS = {
  businessName: "Prairie Drone Works",
  legalName: "Prairie Drone Works LLC",
  phone: "+1 (555) 010-2030",
  email: "hello@prairie-drone.example",
  address: ["12 Mill Road", "Wichita, KS 67202"],
  taxNumber: "US-48-1234567",
  timeZone: "America/Chicago",
  taxRatePercent: 7.5,
  taxLabel: "Sales tax",
  paymentTerms: "Due within 14 days of the invoice date.",
  bankDetails: "Prairie Bank, routing 101000019, account 0123456789",
  notifyEmail: "owner@prairie-drone.example",
};

const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU seconds the process has used so far, or NaN where /proc is missing. */
function cpuSeconds(child) {
  const statFile = `/proc/${child.pid}/stat`;
  if (!existsSync(statFile)) return Number.NaN;
  const stat = readFileSync(statFile, "utf8");
  // The fields after the command name (in parentheses, may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** [steal, total] CPU ticks of the machine so far (/proc/stat), or NaNs where it is missing. */
function machineTicks() {
  if (!existsSync("/proc/stat")) return [Number.NaN, Number.NaN];
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: steal is time the hypervisor gave to other machines.
  return [ticks[7], ticks.slice(0, 8).reduce((sum, value) => sum + value, 0)];
}

const IDLE_RSS_TARGET_MB = 250;
const LOADED_RSS_TARGET_MB = 350;
const SETTLE_MS = 2_000;
const RSS_SAMPLE_MS = 100;

/** The process's resident memory in MB (VmRSS), or NaN where /proc is missing. */
function residentMb(child) {
  const statusFile = `/proc/${child.pid}/status`;
  if (!existsSync(statusFile)) return Number.NaN;
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(statusFile, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Samples a process's resident memory until stopped; `stop()` answers the highest sample. */
function sampleResident(child) {
  let peak = residentMb(child);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(child));
  }, RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentMb(child));
  };
}

const SETTLED_CPU_SHARE = 0.1;
const SETTLE_LIMIT_MS = 180_000;

/** Waits until the server uses under a tenth of a core over half a second (its queue has worked off what the inquiries queued); answers the seconds waited. */
async function settled(server) {
  const started = Date.now();
  let before = cpuSeconds(server);
  while (Date.now() - started < SETTLE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSeconds(server);
    if (Number.isNaN(now) || now - before < SETTLED_CPU_SHARE / 2) break;
    before = now;
  }
  return (Date.now() - started) / 1000;
}

const megabytes = (value) => (Number.isNaN(value) ? "?" : `${value.toFixed(0)} MB`);

/** A warm-up, then the measured run; failures of either count. */
async function measure(label, server, options) {
  const warmUp = await autocannon({ ...options, connections, duration: WARM_UP_SECONDS });
  const cpuBefore = cpuSeconds(server);
  const [stealBefore, totalBefore] = machineTicks();
  const result = await autocannon({ ...options, connections, duration: seconds });
  const cpuPerRequest = ((cpuSeconds(server) - cpuBefore) / result.requests.total) * 1e6;
  const [stealAfter, totalAfter] = machineTicks();
  const steal = ((stealAfter - stealBefore) / (totalAfter - totalBefore)) * 100;
  const failures = warmUp.errors + warmUp.non2xx + result.errors + result.non2xx;
  console.log(
    `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   ` +
      `p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms   ` +
      `server CPU ${Number.isNaN(cpuPerRequest) ? "?" : cpuPerRequest.toFixed(0).padStart(4)} µs/req   ` +
      `CPU stolen by the host ${Number.isNaN(steal) ? "?" : steal.toFixed(0)}%   ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  );
  return { rate: result.requests.average, cpuPerRequest, failures };
}

async function storedContactIds(base) {
  const cookie = await loginCookie(base, adminLogin);
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
  database = await freshDatabase("skyvantage_bench");
  const [serverPort, barePort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${serverPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  server = startNode(["scripts/start.mjs"], benchServerEnv({ port: serverPort, dataDir, databaseUrl: database.url, admin: adminLogin }));
  bare = startNode(["--input-type=module", "--eval", BARE_FASTIFY], { PORT: String(barePort) });
  await Promise.all([waitFor(`${base}/api/health`, server), waitFor(bareUrl, bare)]);

  console.log(`${connections} connections, ${seconds} s per run after ${WARM_UP_SECONDS} s of warm-up; database: ${database.url ? "PostgreSQL" : "PGlite"}`);
  // What the server holds once started and left alone (startup work such as compressing pages done).
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const idleResident = residentMb(server);
  const bareRun = await measure("bare Fastify GET /", bare, { url: bareUrl });
  const stopSampling = sampleResident(server);
  const servicesRun = await measure("GET /api/services?active=true", server, { url: `${base}/api/services?active=true` });

  let acknowledged = 0;
  const acknowledgedIds = [];
  const contactRun = await measure("POST /api/contact", server, {
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

  const peakResident = stopSampling();
  // The public pages read the settings at each request (docs/decisions/0055-business-settings.md):
  // on a fresh install there is no row, once the owner has saved there is one.
  console.log(`the server settled in ${(await settled(server)).toFixed(0)} s after the inquiries`);
  const home = { url: `${base}/`, headers: { "accept-encoding": "br" } };
  const freshHomeRun = await measure("GET / (nothing saved)", server, home);
  await call(base, await loginCookie(base, adminLogin), "PATCH", "/api/admin/settings", DAY_ONE_SETTINGS);
  // The first page after the save waits while the pages are made again with the new name (seconds of
  // server-side rendering), which is not what a page costs once they are made.
  const remade = await fetch(`${base}/`);
  if (!remade.ok) throw new Error(`GET / answered ${remade.status} after the save`);
  await remade.arrayBuffer();
  const savedHomeRun = await measure("GET / (settings saved)", server, home);
  console.log(
    `server resident memory: idle ${megabytes(idleResident)} (target ≤ ${IDLE_RSS_TARGET_MB} MB), ` +
      `peak under load ${megabytes(peakResident)} (target ≤ ${LOADED_RSS_TARGET_MB} MB)`,
  );

  const ratio = (servicesRun.rate / bareRun.rate) * 100;
  console.log(
    `services / bare Fastify: ${ratio.toFixed(0)}% (target ≥ ${READ_RATIO_TARGET}%); by server CPU per request: ${((bareRun.cpuPerRequest / servicesRun.cpuPerRequest) * 100).toFixed(0)}%`,
  );
  console.log(`contact / bare Fastify: ${((contactRun.rate / bareRun.rate) * 100).toFixed(0)}%`);

  // Requests cut off when a run ends may still be stored unacknowledged; only acknowledged ones must be.
  const stored = await storedContactIds(base);
  const found = acknowledgedIds.filter((id) => stored.has(id)).length;
  const unacknowledged = stored.size - found;
  console.log(
    `stored ${found} of ${acknowledged} acknowledged${unacknowledged > 0 ? ` (plus ${unacknowledged} from requests cut off at the end of a run)` : ""}`,
  );

  const failures = bareRun.failures + servicesRun.failures + contactRun.failures + freshHomeRun.failures + savedHomeRun.failures;
  if (failures > 0 || found !== acknowledged) {
    console.error(failures > 0 ? `${failures} failed requests` : `${acknowledged - found} acknowledged contacts are missing`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all([stop(server), stop(bare)]);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
