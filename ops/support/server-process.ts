import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";
import { waitForOk } from "./wait-for";

const root = fileURLToPath(new URL("../..", import.meta.url));
// Enough of the server's output to say why it failed, without keeping a load test's worth of logs.
const OUTPUT_KEPT = 64 * 1024;

/** The built server (dist/server/index.js) running as a child process, as in production. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** How the process ended, or null while it runs. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The tail of its stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s; removes its DATA_DIR. */
  stop(): Promise<void>;
}

export const ADMIN = { username: "ops-admin", password: "ops-admin-password" };

/** Starts the server on a free port with its own DATA_DIR and waits until /api/health answers 200. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-ops-data-"));
  let output = "";
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const child = spawn(process.execPath, ["dist/server/index.js"], {
    cwd: root,
    // Only what the test chooses: a developer's DATABASE_URL or S3_* must not leak in.
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_CONTACT_MAX: "100000",
      RATE_LIMIT_LOGIN_MAX: "100000",
      RATE_LIMIT_REGISTER_MAX: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      resolve();
    });
  });

  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    exit: () => exit,
    output: () => output,
    stop: async () => {
      if (!exit) {
        child.kill("SIGTERM");
        const killed = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
        if (killed) {
          child.kill("SIGKILL");
          await exited;
        }
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };

  if (await waitForOk(`${server.url}/api/health`, 60_000, () => exit !== null)) return server;
  await server.stop();
  throw new Error(`the server did not become healthy (exit: ${JSON.stringify(exit)}):\n${output}`);
}
