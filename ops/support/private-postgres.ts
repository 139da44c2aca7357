import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";

const run = promisify(execFile);

/** A throwaway PostgreSQL cluster of our own, so a test may stop it without touching the machine's. */
export interface PrivatePostgres {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster if it runs and deletes its files. */
  destroy(): Promise<void>;
}

/** PG_BIN, or the newest Debian PostgreSQL under /usr/lib/postgresql. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error("no PostgreSQL binaries found: install postgresql or set PG_BIN");
  return path.join(base, versions[0], "bin");
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  // initdb refuses to run as root, so root hands the cluster to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    await chown(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
  }
  const pgTool = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  const port = await freePort();
  await pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  // -l: without a log file the server inherits pg_ctl's stdout and pg_ctl's caller never sees it end.
  const start = async () => {
    try {
      await pgTool("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-w", "start"]);
    } catch (error) {
      const log = await readFile(logFile, "utf8").catch(() => "");
      throw new Error(`private PostgreSQL did not start:\n${log.slice(-2000)}`, { cause: error });
    }
  };
  const stop = async () => {
    await pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  };
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await pgTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
