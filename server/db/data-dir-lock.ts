import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * One server process per DATA_DIR while the embedded database (PGlite) lives there: two processes
 * writing one PGlite folder each believe they own it, and acknowledged writes are lost. With
 * DATABASE_URL, DATA_DIR holds only uploads, which instances may share, so no lock is taken then.
 */

const LOCK_FILE = "server.lock";
// A racing starter that finds another one replacing a dead lock waits for it this long, this often.
const RETRY_MS = 50;
const ATTEMPTS = 40;

interface Holder {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock if it is still this process's; safe to call more than once. */
  release(): void;
}

function isAlive(holder: Holder): boolean {
  // On another machine (a shared network folder) there is no telling: assume it runs.
  if (holder.hostname !== os.hostname()) return true;
  // A container restarts its server with the same pid (often 1): that lock is from an earlier life.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): { holder: Holder; inode: number } | null {
  try {
    const inode = statSync(file).ino;
    return { holder: JSON.parse(readFileSync(file, "utf8")) as Holder, inode };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function inUse(dataDir: string, holder: Holder): DataDirInUseError {
  return new DataDirInUseError(
    `DATA_DIR ${dataDir} is in use by another SkyVantage server (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}). ` +
      "Stop that process first, or give this one its own DATA_DIR; instances that run side by side share one database through DATABASE_URL.",
  );
}

/**
 * Takes DATA_DIR/server.lock for this process, or throws DataDirInUseError naming the folder and
 * the process holding it. A lock whose process is gone (a crash, kill -9) is taken over; when
 * several starters find the same dead lock, exactly one replaces it and the others then see it live.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const holder: Holder = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  // Written whole first, then linked or renamed into place, so nobody ever reads a half-written lock.
  const draft = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, JSON.stringify(holder));
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      try {
        linkSync(draft, file);
        return lockHandle(file);
      } catch (error) {
        if (errorCode(error) !== "EEXIST") throw error;
      }
      const held = readHolder(file);
      if (!held) continue;
      if (isAlive(held.holder)) throw inUse(dataDir, held.holder);
      if (await replaceDeadLock(file, draft, held.inode)) return lockHandle(file);
      await sleep(RETRY_MS);
    }
    throw new DataDirInUseError(`DATA_DIR ${dataDir}: could not take ${file} (other servers kept starting at the same time); try again`);
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * The take-over claim is named after the dead lock's inode and created exclusively: one starter
 * alone may replace that very file, and a lock someone made since has another inode.
 */
async function replaceDeadLock(file: string, draft: string, deadInode: number): Promise<boolean> {
  const claim = `${file}.takeover-${deadInode}`;
  try {
    writeFileSync(claim, String(process.pid), { flag: "wx" });
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
    let claimant: number;
    try {
      // Empty while its maker is still writing its pid.
      claimant = Number(readFileSync(claim, "utf8") || Number.NaN);
    } catch (readError) {
      if (errorCode(readError) === "ENOENT") return false;
      throw readError;
    }
    if (Number.isNaN(claimant) || isAlive({ pid: claimant, hostname: os.hostname(), startedAt: "" })) return false;
    // Two crashes in a row, the second between these few lines: both owners are gone.
    throw new DataDirInUseError(
      `${path.dirname(file)}: a server (pid ${claimant}) stopped while taking over ${file} from a crashed one. Both are gone: remove ${file} and ${claim}, then start again.`,
    );
  }
  try {
    if (statSync(file, { throwIfNoEntry: false })?.ino !== deadInode) return false;
    renameSync(draft, file);
    return true;
  } finally {
    rmSync(claim, { force: true });
  }
}

function lockHandle(file: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    try {
      if (readHolder(file)?.holder.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Unreadable: not ours to remove.
    }
  };
  // Also on an exit that skips the orderly shutdown (an error at start-up).
  process.on("exit", release);
  return { file, release };
}
