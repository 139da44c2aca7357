import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./support/free-port";
import { waitForOk } from "./support/wait-for";

/**
 * Issue 13 item 1: `npm start` serves in one mode whether or not it has just built. The first run
 * happens in a fresh copy of the sources (no dist/ yet), so it builds, as a newcomer's would; the
 * shared dist/ is not touched.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
// Not sources: the copy gets its own dist/ and data, and shares the installed packages.
const NOT_COPIED = new Set([".git", "node_modules", "dist", "data", "test-results", "playwright-report"]);

interface Started {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `node scripts/start.mjs` in `dir`, as `npm start` runs it: no NODE_ENV, no SMTP, loopback. */
async function npmStart(dir: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  let output = "";
  let exited = false;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
  if (await waitForOk(`${url}/api/health`, 540_000, () => exited)) return { url, output: () => output, stop };
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

describe("npm start's mode (issue 13 item 1)", () => {
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
});
