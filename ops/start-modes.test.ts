import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdtemp, readFile, rm, stat, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./support/free-port";
import { waitForOk } from "./support/wait-for";

/**
 * `npm start` serves in one mode whether or not it has just built
 * (docs/decisions/0013-run-modes.md). The first run happens in a fresh copy of the sources (no
 * dist/ yet), so it builds, as a newcomer's would; the shared dist/ is not touched.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
// Not sources: the copy gets its own dist/ and data, and shares the installed packages.
const NOT_COPIED = new Set([".git", "node_modules", "dist", "data", "test-results", "playwright-report"]);

interface Started {
  url: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** `node scripts/start.mjs` in `dir`, as `npm start` runs it: no NODE_ENV, no SMTP, loopback unless `env` says otherwise. */
function spawnStart(dir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function npmStart(dir: string, dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  let output = "";
  let exited = false;
  const child = spawnStart(dir, { PORT: String(port), DATA_DIR: dataDir, ...env });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const done = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    if (await Promise.race([done.then(() => false), sleep(10_000).then(() => true)])) child.kill("SIGKILL");
    await done;
  };
  const url = `http://127.0.0.1:${port}`;
  // The first run builds the client and server first.
  if (await waitForOk(`${url}/api/health`, 540_000, () => exited)) return { url, port, output: () => output, stop };
  await stop();
  throw new Error(`npm start did not become healthy:\n${output.slice(-4000)}`);
}

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}

/** What development on loopback gives (docs/decisions/0013-run-modes.md), checked as a new customer would meet it. */
async function expectDevelopmentOnLoopback(url: string, name: string): Promise<void> {
  const registered = await post(`${url}/api/register`, { username: name, email: `${name}@example.com`, password: "first-run-password" });
  expect(registered.status).toBe(201);
  const setCookie = registered.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/^sv_session=/);
  expect(setCookie).not.toMatch(/;\s*secure/i);
  expect(registered.headers.get("strict-transport-security")).toBeNull();
  const cookie = setCookie.split(";")[0]!;

  const payment = await post(`${url}/api/create-payment-intent`, { amount: 500, service: "Custom Service" }, cookie);
  expect(payment.status).toBe(200);
  expect(await payment.json()).toMatchObject({ provider: "demo", amount: 500 });

  const reset = await post(`${url}/api/forgot-password`, { email: `${name}@example.com` });
  expect(reset.status).toBe(200);
  expect((await reset.json()).resetLink).toMatch(new RegExp(`^${url}/reset-password\\?token=`));
}

describe("npm start's mode", () => {
  let copy: string;
  let dataDir: string;
  beforeAll(async () => {
    copy = await mkdtemp(path.join(os.tmpdir(), "skyvantage-fresh-"));
    dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-fresh-data-"));
    await cp(root, copy, { recursive: true, filter: (source) => !NOT_COPIED.has(path.relative(root, source)) });
    await symlink(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  });
  afterAll(async () => {
    await rm(copy, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is development on the first run, the one that builds, and on the next", async () => {
    const first = await npmStart(copy, dataDir);
    try {
      expect(first.output()).toContain("Building SkyVantage");
      await expectDevelopmentOnLoopback(first.url, "firstrun");
      expect(first.output()).toContain(`No PUBLIC_URL: links in mails and pages point to ${first.url}`);
      // Where the generated admin password is, never the password.
      const passwordFile = path.join(dataDir, "admin-password.txt");
      expect(first.output()).toContain(`its password is in ${passwordFile}`);
      expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
      const password = /^password: (\S+)$/m.exec(await readFile(passwordFile, "utf8"))?.[1];
      expect(password).toBeTruthy();
      expect(first.output()).not.toContain(password);
    } finally {
      await first.stop();
    }

    const second = await npmStart(copy, dataDir);
    try {
      expect(second.output()).not.toContain("Building SkyVantage");
      await expectDevelopmentOnLoopback(second.url, "secondrun");
    } finally {
      await second.stop();
    }
  }, 900_000);

  it("on a network address without SMTP: no reset link, and one plain line saying mails go nowhere", async () => {
    const networkData = await mkdtemp(path.join(os.tmpdir(), "skyvantage-network-data-"));
    const server = await npmStart(copy, networkData, { HOST: "0.0.0.0" });
    try {
      const registered = await post(`${server.url}/api/register`, { username: "lanuser", email: "lanuser@example.com", password: "first-run-password" });
      expect(registered.status).toBe(201);
      // Plain-http development still works from another machine: the cookie is not Secure.
      expect(registered.headers.get("set-cookie")).not.toMatch(/;\s*secure/i);
      const reset = await post(`${server.url}/api/forgot-password`, { email: "lanuser@example.com" });
      expect(reset.status).toBe(200);
      expect(await reset.json()).not.toHaveProperty("resetLink");
      const warnings = server
        .output()
        .split("\n")
        .filter((line) => line.includes("go nowhere until SMTP_URL is set"));
      expect(warnings).toHaveLength(1);
      expect(server.output()).toContain(`links in mails and pages point to http://localhost:${server.port}`);
    } finally {
      await server.stop();
      await rm(networkData, { recursive: true, force: true });
    }
  }, 300_000);

  it.each(["prod", "Production"])("stops at once, plainly, when NODE_ENV is %j", async (mode) => {
    const child = spawnStart(copy, { NODE_ENV: mode, PORT: String(await freePort()), DATA_DIR: dataDir });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration:\n  NODE_ENV: must be production, development or test");
    // The message alone, no stack trace.
    expect(output).not.toMatch(/^\s+at /m);
  });
});
