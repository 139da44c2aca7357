import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError } from "./data-dir-lock";

const lineReaders = new WeakMap<ChildProcess, AsyncIterator<string>>();
const lockModule = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));

/**
 * Another server process on `dataDir`: takes the lock, prints "won" or "refused: <message>", and
 * keeps a won lock until killed. With `onGo`, it prints "ready" and starts at the instant (ms) it is then sent on stdin.
 */
function starter(dataDir: string, { onGo = false } = {}): ChildProcess {
  const code = `
    import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
    if (process.env.ON_GO) {
      console.log("ready");
      const goAt = Number(await new Promise((resolve) => process.stdin.once("data", resolve)));
      process.stdin.pause();
      // Spinning, not sleeping: every racer is on a CPU at that instant, not waiting to be woken.
      while (Date.now() < goAt);
    }
    try {
      await acquireDataDirLock(process.env.LOCK_DIR);
      console.log("won");
      setInterval(() => undefined, 60_000);
    } catch (error) {
      console.log("refused: " + error.message);
    }`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    env: { ...process.env, LOCK_DIR: dataDir, ...(onGo ? { ON_GO: "1" } : {}) },
    stdio: [onGo ? "pipe" : "ignore", "pipe", "inherit"],
  });
  lineReaders.set(child, createInterface({ input: child.stdout! })[Symbol.asyncIterator]());
  return child;
}

/** The child's next line of output. */
async function nextLine(child: ChildProcess): Promise<string> {
  const next = await lineReaders.get(child)!.next();
  if (next.done) throw new Error(`process ${child.pid} ended without a word`);
  return next.value;
}

/** Kills like a crash (no exit handlers run) and waits until the process is gone. */
async function crash(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGKILL");
  await once(child, "exit");
}

describe("one server process per DATA_DIR", () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-lock-"));
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map(crash));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second server while the first runs, naming the folder and the other process", async () => {
    const first = starter(dataDir);
    children.push(first);
    expect(await nextLine(first)).toBe("won");
    const refusal = acquireDataDirLock(dataDir);
    await expect(refusal).rejects.toThrow(DataDirInUseError);
    await expect(refusal).rejects.toThrow(`DATA_DIR ${dataDir} is in use by another SkyVantage server (pid ${first.pid} on ${os.hostname()}`);
  });

  it("takes over the lock a crashed server left, and gives it up at shutdown", async () => {
    const crashed = starter(dataDir);
    children.push(crashed);
    expect(await nextLine(crashed)).toBe("won");
    await crash(crashed);
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(true);

    const lock = await acquireDataDirLock(dataDir);
    const next = starter(dataDir);
    children.push(next);
    expect(await nextLine(next)).toMatch(new RegExp(`^refused: .*\\(pid ${process.pid} `));
    lock.release();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("lets exactly one of several starters racing for a crashed server's lock take it over", async () => {
    let crashed = starter(dataDir);
    children.push(crashed);
    expect(await nextLine(crashed)).toBe("won");
    // Each round's winner crashes in turn, leaving the next round its dead lock.
    for (let round = 0; round < 3; round += 1) {
      await crash(crashed);
      // All started and waiting, then let go at one instant, so they meet the dead lock together.
      const racers = [1, 2, 3, 4, 5, 6].map(() => starter(dataDir, { onGo: true }));
      children.push(...racers);
      for (const line of await Promise.all(racers.map(nextLine))) expect(line).toBe("ready");
      const goAt = Date.now() + 300;
      for (const racer of racers) racer.stdin!.write(`${goAt}\n`);
      const outcomes = await Promise.all(racers.map(nextLine));
      const winners = racers.filter((_racer, index) => outcomes[index] === "won");
      expect(winners).toHaveLength(1);
      for (const outcome of outcomes.filter((line) => line !== "won")) expect(outcome).toContain(`(pid ${winners[0]!.pid} `);
      // No draft or take-over claim is left behind: only the winner's lock.
      expect(readdirSync(dataDir)).toEqual(["server.lock"]);
      crashed = winners[0]!;
    }
  });
});
