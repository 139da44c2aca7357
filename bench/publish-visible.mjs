// How long a publish takes to be visible: the owner changes the home page's intro in a draft and
// publishes it, and the bench fetches `/` without running scripts (as a crawler does) until the new
// words are in the HTML, on each instance. Two instances on one PostgreSQL database when
// DATABASE_URL is set (what a publish must reach, docs/decisions/0064-pages-rendered-at-publish.md),
// one on PGlite otherwise. `runs` publishes (10 by default); median, fastest and slowest.
//
//   npm run build && node bench/publish-visible.mjs [runs=10]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { benchServerEnv, call, callData, freePort, freshDatabase, loginCookie, startNode, stop, waitFor } from "./server-process.mjs";

const runs = Number(process.argv[2] ?? 10);
const admin = { username: "bench-owner", password: "Bench-publish-0wner!" };
const POLL_MS = 10;

/** Milliseconds from `start` until `url`'s HTML carries `words`, read every POLL_MS. */
async function visibleAfter(url, words, start) {
  for (;;) {
    const html = await (await fetch(url)).text();
    if (html.includes(words)) return performance.now() - start;
    if (performance.now() - start > 60_000) throw new Error(`${url} still lacks the published words after a minute`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-publish-"));
const database = await freshDatabase("skyvantage_bench_publish");
const servers = [];
try {
  const instances = database.url ? 2 : 1;
  // One key on every instance, as the operations guide asks of instances of one site.
  const shared = { SETTINGS_SECRET_KEY: randomBytes(32).toString("base64") };
  const bases = [];
  for (let index = 0; index < instances; index += 1) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // One after the other: each migrates the shared database as it starts.
    const server = startNode(["dist/server/index.js"], { ...benchServerEnv({ port, dataDir, databaseUrl: database.url, admin }), ...shared });
    servers.push(server);
    await waitFor(`${base}/api/health`, server);
    bases.push(base);
  }
  const [first] = bases;
  const cookie = await loginCookie(first, admin);
  const times = [];
  for (let run = 1; run <= runs; run += 1) {
    const words = `Published by run ${run}, ${randomBytes(4).toString("hex")}.`;
    const page = await callData(first, cookie, "GET", "/api/admin/pages/home");
    const document = { ...page.draft, hero: { ...page.draft.hero, intro: [{ type: "paragraph", runs: [{ text: words }] }] } };
    await call(first, cookie, "PUT", "/api/admin/pages/home/draft", { revision: page.revision, document });
    const start = performance.now();
    await call(first, cookie, "POST", "/api/admin/pages/home/publish", {});
    const each = await Promise.all(bases.map((base) => visibleAfter(`${base}/`, words, start)));
    times.push(Math.max(...each));
    console.log(`run ${run}: visible after ${each.map((ms) => `${ms.toFixed(0)} ms`).join(" and ")} (${bases.length} instance${bases.length > 1 ? "s" : ""})`);
  }
  console.log(
    `publish → visible on every instance, ${runs} runs: median ${median(times).toFixed(0)} ms, fastest ${Math.min(...times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const server of servers) await stop(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
