// Forgot-password timing, known against unknown address: with SMTP configured
// (a real SMTP peer on 127.0.0.1), 50 requests for a registered address and 50 for an unknown one,
// interleaved after 10 of each as warm-up. Prints the median and 90th percentile of each, in ms,
// and how many of the known address's mails the SMTP peer received (all 60 should arrive, sent by
// the queue's worker after the answers).
// The app runs in this process (built from the sources through tsx) and listens on a free port;
// requests go over real HTTP. PGlite in a temporary DATA_DIR; with DATABASE_URL set, a fresh
// PostgreSQL database beside it, dropped after.
// Usage: node bench/forgot-password-timing.mjs
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { freePort } from "./server-process.mjs";

const RUNS = 50;
const WARM_UP = 10;
const load = (file) => tsImport(file, import.meta.url);
const { buildApp } = await load("../server/app.ts");
const { loadConfig } = await load("../server/config.ts");
const { openDatabase } = await load("../server/db/client.ts");
const { seedServices } = await load("../server/db/seed.ts");
const { startSmtpPeer } = await load("../server/testing/smtp-peer.ts");
const { createScratchDatabase } = await load("../server/testing/scratch-database.ts");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-forgot-bench-"));
const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "skyvantage_bench") : undefined;
const smtp = await startSmtpPeer();
const port = await freePort();
const config = loadConfig({
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  PORT: String(port),
  SMTP_URL: smtp.url,
  PUBLIC_URL: "https://skyvantage.example",
  RATE_LIMIT_LOGIN_MAX: "100000",
  RATE_LIMIT_REGISTER_MAX: "100000",
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
});
const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
await seedServices(database.db);
const app = await buildApp({ config, database });
await app.listen({ port, host: "127.0.0.1" });
const base = `http://127.0.0.1:${port}`;

const post = (url, body) => fetch(base + url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const known = "timing.known@example.com";
const unknown = "timing.unknown@example.com";
const registered = await post("/api/register", { username: "timing-known", email: known, firstName: "Tim", lastName: "Ing", password: "correct-horse" });
if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);

async function timed(email) {
  const started = performance.now();
  const res = await post("/api/forgot-password", { email });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
  return performance.now() - started;
}

const times = { known: [], unknown: [] };
for (let n = 0; n < WARM_UP; n++) {
  await timed(known);
  await timed(unknown);
}
for (let n = 0; n < RUNS; n++) {
  times.known.push(await timed(known));
  times.unknown.push(await timed(unknown));
}

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const deadline = Date.now() + 60_000;
while (smtp.inbox.length < RUNS + WARM_UP && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));

console.log(`database: ${database.kind}; ${RUNS} requests each after ${WARM_UP} of each as warm-up`);
for (const [name, values] of Object.entries(times)) {
  console.log(`${name.padEnd(8)} median ${quantile(values, 0.5).toFixed(1)} ms, p90 ${quantile(values, 0.9).toFixed(1)} ms`);
}
console.log(
  `mails received for the known address: ${smtp.inbox.filter((mail) => mail.to === known).length} of ${RUNS + WARM_UP}; for the unknown one: ${smtp.inbox.filter((mail) => mail.to === unknown).length}`,
);

await app.close();
await database.close();
await smtp.close();
await scratch?.drop();
rmSync(dataDir, { recursive: true, force: true });
