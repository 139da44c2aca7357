// The built server started by a spec of its own (a new install, several instances of one site), apart
// from the run's shared server (e2e/serve.mjs).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "./fixtures";

/**
 * A port nobody listens on. Never one with 555 in it: the pages name the server's address, and the
 * settings spec finds SPEC's 555 number in none of them.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!String(port).includes("555")) return port;
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  baseURL: string;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * `node dist/server/index.js` on a free port with `env` (PORT and HOST are set here), ready once /api/health/ready
 * answers 200 (within `readyMs`: a new install migrates its database first, slower on a busy machine).
 */
export async function startOwnServer(env: NodeJS.ProcessEnv, readyMs = 120_000): Promise<OwnServer> {
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["dist/server/index.js"], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  try {
    await expect.poll(async () => (await fetch(`${baseURL}/api/health/ready`).catch(() => undefined))?.status, { timeout: readyMs, message: output }).toBe(200);
  } catch (error) {
    await stop();
    // The poll's message was read before the server wrote anything: its output says why it never got ready.
    throw new Error(`The server did not get ready: ${output || "it wrote nothing"}`, { cause: error });
  }
  return { baseURL, stop };
}

/**
 * A new install: the built server on an empty PGlite folder of its own (removed at stop), with its
 * first admin `owner` and none of `unset` (the settings' variables a test wants the setup to edit).
 */
export async function startNewInstall(owner: { username: string; password: string; email: string }, unset: readonly string[] = []): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-install-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: owner.username,
    ADMIN_PASSWORD: owner.password,
    ADMIN_EMAIL: owner.email,
  };
  for (const variable of [...unset, "DATABASE_URL"]) delete env[variable];
  const server = await startOwnServer(env).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    baseURL: server.baseURL,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
