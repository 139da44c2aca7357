// Durability under a crash: inquiries under load and an upload in flight, then kill -9.
// Each round starts the built server on the same DATA_DIR (PGlite, the embedded default; or a fresh
// PostgreSQL database beside DATABASE_URL), sends inquiries from several connections and streams an
// admin media upload, SIGKILLs the server mid-way, starts it again and checks that
//   - every inquiry the server answered 201 to is stored (looked up by id through the admin API);
//   - the upload cut off by the crash left no media row, and no file in the uploads folder that no
//     row names (a partial file is removed at the next start).
// Prints one line per round and a total; exits non-zero on any loss or leftover.
// Usage: npm run build && node bench/durability.mjs [rounds=3] [seconds-before-kill=4]
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort, freshDatabase, loginCookie, NO_OUTSIDE_SERVICES, waitFor } from "./server-process.mjs";

const rounds = Number(process.argv[2] ?? 3);
const secondsBeforeKill = Number(process.argv[3] ?? 4);
const CONNECTIONS = 8;
const projectDir = fileURLToPath(new URL("..", import.meta.url));
const admin = { username: "bench", password: "bench-password" };
const UPLOAD_TITLE = "Crash test upload";

function startServer(port, dataDir, databaseUrl) {
  return spawn(process.execPath, ["dist/server/index.js"], {
    cwd: projectDir,
    env: {
      ...process.env,
      ...NO_OUTSIDE_SERVICES,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "error",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_CONTACT_MAX: "1000000",
      RATE_LIMIT_LOGIN_MAX: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function adminList(base, cookie, endpoint) {
  const response = await fetch(`${base}${endpoint}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${endpoint} answered ${response.status}`);
  return (await response.json()).data;
}

/** Sends inquiries one after the other until stopped; answers the ids acknowledged with 201. */
async function inquiryLoop(base, worker, state) {
  const acknowledged = [];
  for (let index = 0; !state.killed; index += 1) {
    const body = JSON.stringify({
      name: "Crash Visitor",
      email: "crash@example.com",
      service: "solar",
      message: `Crash test inquiry ${worker}-${index}, about a solar farm.`,
    });
    try {
      const response = await fetch(`${base}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body });
      if (response.status === 201) acknowledged.push((await response.json()).data.id);
    } catch {
      // The crash cuts requests off; only answered ones must be stored.
    }
  }
  return acknowledged;
}

/** Streams a large video upload slowly enough to be in flight at the kill; resolves when it ends either way. */
function uploadInFlight(base, cookie, customerId) {
  const boundary = "----skyvantage-durability";
  const fields = { userId: String(customerId), serviceId: "1", title: UPLOAD_TITLE, description: "cut off by kill -9" };
  const head = Object.entries(fields)
    .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join("");
  const chunk = Buffer.alloc(1 << 20, 7);
  // An MP4 "ftyp" box first, so the content check accepts it as a video.
  const ftyp = Buffer.from("0000001c667479706d703432000000006d7034326d70343169736f6d", "hex");
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crash.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
      yield Buffer.concat([ftyp, Buffer.alloc(4)]);
      for (let sent = 0; sent < 2000; sent += 1) {
        yield chunk;
        await sleep(5);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
  return new Promise((resolve) => {
    const req = request(
      `${base}/api/admin/media`,
      { method: "POST", headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", () => resolve("cut off"));
    body.pipe(req);
  });
}

function filesUnder(folder) {
  let found = [];
  let entries;
  try {
    entries = readdirSync(folder);
  } catch {
    return found;
  }
  for (const name of entries) {
    const full = path.join(folder, name);
    found = statSync(full).isDirectory() ? found.concat(filesUnder(full)) : found.concat(full);
  }
  return found;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-durability-"));
const database = await freshDatabase("skyvantage_durability");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let failures = 0;
let totalAcknowledged = 0;
let server;
try {
  server = startServer(port, dataDir, database.url);
  await waitFor(`${base}/api/health`, server);
  let cookie = await loginCookie(base, admin);
  const register = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "crashcustomer", password: "crash-password", email: "crash-customer@example.com" }),
  });
  const customerId = (await register.json()).id;

  for (let round = 1; round <= rounds; round += 1) {
    const state = { killed: false };
    const loops = Array.from({ length: CONNECTIONS }, (_, worker) => inquiryLoop(base, `${round}.${worker}`, state));
    const upload = uploadInFlight(base, cookie, customerId);
    await sleep(secondsBeforeKill * 1000);
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
    state.killed = true;
    const acknowledged = (await Promise.all(loops)).flat();
    const uploadOutcome = await upload;
    // What the crash left on disk, before the restart sweeps it: the partial upload proves it was in flight.
    const partialBytes = filesUnder(path.join(dataDir, "uploads")).reduce((sum, file) => sum + statSync(file).size, 0);

    server = startServer(port, dataDir, database.url);
    await waitFor(`${base}/api/health`, server);
    cookie = await loginCookie(base, admin);
    const stored = new Set((await adminList(base, cookie, "/api/contact")).map((row) => row.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    const media = await adminList(base, cookie, "/api/admin/media");
    const crashRows = media.filter((row) => row.title === UPLOAD_TITLE);
    const uploads = filesUnder(path.join(dataDir, "uploads"));
    const leftovers = uploads.length - media.length;
    totalAcknowledged += acknowledged.length;
    if (lost.length > 0 || crashRows.length > 0 || leftovers !== 0) failures += 1;
    console.log(
      `round ${round}: ${acknowledged.length} inquiries acknowledged before kill -9, ${acknowledged.length - lost.length} stored after restart` +
        `${lost.length ? ` (LOST ${lost.length})` : ""}; upload in flight ${uploadOutcome} with ${(partialBytes / 1e6).toFixed(0)} MB on disk: after restart ${crashRows.length} rows, ` +
        `${uploads.length} files for ${media.length} media rows${leftovers !== 0 ? ` (LEFTOVER ${leftovers})` : ""}`,
    );
  }
  console.log(
    `${database.url ? "PostgreSQL" : "PGlite"}: ${rounds} crashes, ${totalAcknowledged} acknowledged inquiries, ${failures === 0 ? "none lost, no upload left behind" : `${failures} rounds FAILED`}`,
  );
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failures === 0 ? 0 : 1);
