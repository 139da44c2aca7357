import { type ChildProcess, spawn, type StdioOptions } from "node:child_process";
import { constants, existsSync } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";

/**
 * What every external program of the background work runs under (docs/decisions/0043-limits-on-background-work.md):
 * a time after which it is killed, a cap on its address space where util-linux's `prlimit` is
 * installed, and a lower scheduling priority than the web server (`nice`).
 */
export interface ProcessLimits {
  timeoutMs: number;
  /** RLIMIT_AS of the program; null leaves it unbounded (the WebAssembly GDAL reserves far more address space than it uses). */
  memoryBytes: number | null;
  /** Added to the niceness: 0 to 19, higher is kinder to the web server. */
  niceness: number;
}

/**
 * The program went past one of its limits and was stopped. Running it again on the same input would
 * end the same way, so the work fails at once with this plain reason instead of being retried.
 */
export class ProcessLimitExceeded extends Error {
  override name = "ProcessLimitExceeded";
  constructor(
    readonly program: string,
    readonly limit: "time" | "memory",
    readonly limits: ProcessLimits,
  ) {
    super(
      limit === "time"
        ? `${program} ran longer than ${describeDuration(limits.timeoutMs)} and was stopped`
        : `${program} needed more than ${Math.round((limits.memoryBytes ?? 0) / 1024 / 1024)} MB of memory and was stopped`,
    );
  }
}

/** The work was called off (its layer deleted): the program was stopped, and the caller removes what it wrote. */
export class ProcessCancelled extends Error {
  override name = "ProcessCancelled";
  constructor(program: string) {
    super(`${program} was stopped: its work was called off`);
  }
}

export function describeDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? "" : "s"}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

// Where util-linux and coreutils put them on Debian; elsewhere the limit they set is left out.
const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((candidate) => existsSync(candidate)) ?? null;
const NICE = ["/usr/bin/nice", "/bin/nice"].find((candidate) => existsSync(candidate)) ?? null;

/** The program's absolute path: as given when it names a folder, else the first on PATH; null when there is none. */
export async function resolveProgram(program: string): Promise<string | null> {
  const executable = (candidate: string) =>
    access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    );
  if (program.includes("/")) return (await executable(program)) ? program : null;
  for (const folder of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, program);
    if (await executable(candidate)) return candidate;
  }
  return null;
}

/**
 * The command line that runs `program` under the limits: `nice -n N prlimit --as=B -- program …`.
 * Both exec the next program in the same process, so the child's pid is the program's own.
 */
function wrapped(program: string, args: readonly string[], limits: ProcessLimits): [string, string[]] {
  let command: [string, string[]] = [program, [...args]];
  if (PRLIMIT && limits.memoryBytes !== null) command = [PRLIMIT, [`--as=${limits.memoryBytes}`, "--", command[0], ...command[1]]];
  if (NICE && limits.niceness > 0) command = [NICE, ["-n", String(limits.niceness), command[0], ...command[1]]];
  return command;
}

const OUT_OF_MEMORY = /out of memory|cannot allocate memory|bad_alloc|failed to allocate|allocation failed/i;

export interface LimitedChild {
  child: ChildProcess;
  /**
   * Resolves when the program has ended: null when it exited of itself (read `child`'s exit code
   * through `exitCode`), or the limit or cancellation that stopped it.
   */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; stopped: ProcessLimitExceeded | ProcessCancelled | null }>;
  /** The limit or cancellation that stopped the program, once it has (set before its exit is heard). */
  stoppedBy(): ProcessLimitExceeded | ProcessCancelled | null;
  /** Called by the caller when the program's own output says it ran out of memory under the cap. */
  outOfMemory(stderr: string): ProcessLimitExceeded | null;
}

export interface LimitedSpawnOptions {
  limits: ProcessLimits;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  /** Aborting stops the program (SIGKILL) and ends it with ProcessCancelled. */
  signal?: AbortSignal;
  /** The name used in messages (the program's own name by default). */
  label?: string;
}

/**
 * Starts `program` under its limits. A program that is not installed rejects with an ENOENT error,
 * as `spawn` itself would. The timer starts at once and kills the program with SIGKILL (a hung
 * GDAL does not answer SIGTERM while it computes); so does an abort.
 */
export async function spawnLimited(program: string, args: readonly string[], options: LimitedSpawnOptions): Promise<LimitedChild> {
  const label = options.label ?? path.basename(program);
  const resolved = await resolveProgram(program);
  if (!resolved) throw Object.assign(new Error(`spawn ${program} ENOENT`), { code: "ENOENT", path: program });
  if (options.signal?.aborted) throw new ProcessCancelled(label);
  const [command, commandArgs] = wrapped(resolved, args, options.limits);
  const child = spawn(command, commandArgs, { env: options.env ?? process.env, stdio: options.stdio ?? ["ignore", "pipe", "pipe"] });
  let stopped: ProcessLimitExceeded | ProcessCancelled | null = null;
  const stop = (reason: ProcessLimitExceeded | ProcessCancelled) => {
    if (stopped || child.exitCode !== null || child.signalCode !== null) return;
    stopped = reason;
    child.kill("SIGKILL");
  };
  const timer = setTimeout(() => stop(new ProcessLimitExceeded(label, "time", options.limits)), options.limits.timeoutMs);
  const onAbort = () => stop(new ProcessCancelled(label));
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stopped: ProcessLimitExceeded | ProcessCancelled | null }>(
    (resolve, reject) => {
      child.once("error", (error) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        reject(error);
      });
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        resolve({ code, signal, stopped });
      });
    },
  );
  // Heard by whoever awaits it; a caller that only watches the child must not leave it unhandled.
  ended.catch(() => undefined);
  return {
    child,
    ended,
    stoppedBy: () => stopped,
    outOfMemory: (stderr) =>
      options.limits.memoryBytes !== null && PRLIMIT && OUT_OF_MEMORY.test(stderr) ? new ProcessLimitExceeded(label, "memory", options.limits) : null,
  };
}

/**
 * Runs a program to its end under its limits and answers its stdout, its stderr's tail and its exit
 * code. Rejects with ProcessLimitExceeded or ProcessCancelled when it was stopped, and with the
 * spawn error (ENOENT) when it is not installed; an exit code other than 0 is the caller's to judge.
 */
export async function runLimited(
  program: string,
  args: readonly string[],
  options: LimitedSpawnOptions & { maxOutputBytes: number; onStdout?: (chunk: string) => void },
): Promise<{ stdout: Buffer; stderr: string; code: number | null; signal: NodeJS.Signals | null; outputTooLarge: boolean }> {
  const { child, ended, outOfMemory } = await spawnLimited(program, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  const chunks: Buffer[] = [];
  let outputBytes = 0;
  let outputTooLarge = false;
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    options.onStdout?.(chunk.toString("utf8"));
    outputBytes += chunk.length;
    if (outputBytes > options.maxOutputBytes) {
      outputTooLarge = true;
      child.kill("SIGKILL");
    } else if (!options.onStdout) chunks.push(chunk);
  });
  // The head says why; a flood of warnings after it adds nothing, but GDAL puts its reason last too.
  child.stderr!.on(
    "data",
    (chunk: Buffer) =>
      (stderr = stderr.length < 32 * 1024 ? stderr + chunk.toString("utf8") : stderr.slice(0, 16 * 1024) + chunk.toString("utf8").slice(-16 * 1024)),
  );
  const { code, signal, stopped } = await ended;
  if (stopped) throw stopped;
  if (code !== 0) {
    const memory = outOfMemory(stderr);
    if (memory) throw memory;
  }
  return { stdout: Buffer.concat(chunks), stderr, code, signal, outputTooLarge };
}
