// Mail through an SMTP outage with two instances. Two built servers (dist/, each
// running the queue's workers, QUEUE_WORKERS=true) share a fresh PostgreSQL database and one real
// SMTP peer on 127.0.0.1. Inquiries (each mails the admin) and reset requests for a registered
// customer go to both servers in turn: 10 s with SMTP up, then SMTP stopped for OUTAGE seconds
// (default 60) while requests keep coming, then SMTP restarted on the same port. Prints the answers'
// median and slowest time during the outage, mails queued vs received over time, and at the end:
// every queued mail received, each exactly once (by Message-ID and by the inquiry's unique name).
// Retries back off from QUEUE_RETRY_DELAY_SECONDS (default 5, as in production).
// The database is a new one beside DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// dropped after. Usage: flock /tmp/e2e.lock node scripts/build.mjs && node bench/mail-outage.mjs [outage seconds=60]
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { tsImport } from "tsx/esm/api";
import { freePort, NO_OUTSIDE_SERVICES, stop, waitFor } from "./server-process.mjs";

const OUTAGE_SECONDS = Number(process.argv[2] ?? 60);
const BEFORE_SECONDS = 10;
const REQUESTS_PER_SECOND = 4;
const GIVE_UP_MS = 10 * 60_000;
const projectDir = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(`${projectDir}dist/server/index.js`)) throw new Error("build first: flock /tmp/e2e.lock node scripts/build.mjs");

const { startSmtpPeer } = await tsImport("../server/testing/smtp-peer.ts", import.meta.url);
const { createScratchDatabase } = await tsImport("../server/testing/scratch-database.ts", import.meta.url);
const scratch = await createScratchDatabase(process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test", "skyvantage_outage");
let smtp = await startSmtpPeer();
const smtpPort = Number(new URL(smtp.url).port);

const ADMIN = { ADMIN_USERNAME: "outage-admin", ADMIN_PASSWORD: "outage-admin-pw", ADMIN_EMAIL: "outage-admin@example.com" };
const servers = [];
async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ["dist/server/index.js"], {
    cwd: projectDir,
    env: {
      ...process.env,
      ...NO_OUTSIDE_SERVICES,
      ...ADMIN,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: scratch.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://skyvantage.example",
      LOG_LEVEL: "error",
      RATE_LIMIT_CONTACT_MAX: "100000",
      RATE_LIMIT_LOGIN_MAX: "100000",
      RATE_LIMIT_REGISTER_MAX: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  servers.push({ child, base });
}

const post = async (base, url, body) => {
  const started = performance.now();
  const res = await fetch(base + url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
};

let queued = 0;
let sequence = 0;
const names = new Set();
async function oneRequest(latencies) {
  const n = sequence++;
  const { base } = servers[n % servers.length];
  // Every third request a password reset for the customer, the others inquiries to the admin.
  const result =
    n % 3 === 2
      ? await post(base, "/api/forgot-password", { email: "outage.customer@example.com" })
      : await post(base, "/api/contact", {
          name: `Visitor ${n}`,
          email: "visitor@example.com",
          phone: "5550102024",
          service: "solar",
          message: "Benchmark inquiry during an SMTP outage.",
        });
  if (result.status !== 200 && result.status !== 201) throw new Error(`request ${n} answered ${result.status}`);
  if (n % 3 !== 2) names.add(`Visitor ${n}`);
  queued++;
  latencies?.push(result.ms);
}

async function load(seconds, latencies) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await Promise.all(Array.from({ length: REQUESTS_PER_SECOND }, () => oneRequest(latencies)));
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const inboxes = [smtp.inbox];
const all = () => inboxes.flat();
try {
  await startServer();
  await startServer();
  const customer = await post(servers[0].base, "/api/register", {
    username: "outage-customer",
    email: "outage.customer@example.com",
    firstName: "Out",
    lastName: "Age",
    password: "correct-horse",
  });
  if (customer.status !== 201) throw new Error(`register answered ${customer.status}`);

  await load(BEFORE_SECONDS);
  console.log(`SMTP up: ${queued} mails queued, ${all().length} received`);
  await smtp.close();
  const duringOutage = [];
  const queuedBefore = queued;
  const receivedBefore = all().length;
  await load(OUTAGE_SECONDS, duringOutage);
  const sorted = [...duringOutage].sort((a, b) => a - b);
  console.log(
    `SMTP down ${OUTAGE_SECONDS} s: ${queued - queuedBefore} requests answered (median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, slowest ${sorted.at(-1).toFixed(1)} ms); ${queued} mails queued, ${all().length} received (${all().length - receivedBefore} during the outage)`,
  );

  smtp = await startSmtpPeer(smtpPort);
  inboxes.push(smtp.inbox);
  const restarted = Date.now();
  let reported = 0;
  while (all().length < queued && Date.now() - restarted < GIVE_UP_MS) {
    await new Promise((r) => setTimeout(r, 1000));
    const seconds = Math.floor((Date.now() - restarted) / 1000);
    if (seconds >= reported + 10) {
      reported = seconds;
      console.log(`  ${seconds} s after SMTP came back: ${all().length} of ${queued} received`);
    }
  }
  // A little longer, so a late duplicate would be counted too.
  await new Promise((r) => setTimeout(r, 5000));
  const mails = all();
  const ids = new Set(mails.map((mail) => /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1]));
  const inquiryNames = mails.map((mail) => /New inquiry from (Visitor \d+)/.exec(mail.raw)?.[1]).filter(Boolean);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const states = (
    await client.query(
      "select name, state, count(*)::int as jobs, max(retry_count)::int as most_retries from pgboss.job group by name, state order by name, state",
    )
  ).rows;
  await client.end();
  console.log(
    `all received ${((Date.now() - restarted) / 1000).toFixed(0)} s after SMTP came back: ${mails.length} received of ${queued} queued; ${ids.size} distinct Message-IDs; inquiries ${inquiryNames.length} mails for ${new Set(inquiryNames).size} of ${names.size} inquiries`,
  );
  console.log("jobs:", states.map((row) => `${row.name} ${row.state} ${row.jobs} (at most ${row.most_retries} retries)`).join("; "));
  if (mails.length !== queued || ids.size !== queued || new Set(inquiryNames).size !== names.size || inquiryNames.length !== names.size) process.exitCode = 1;
} finally {
  for (const server of servers) await stop(server.child);
  await smtp.close().catch(() => undefined);
  await scratch.drop();
}
