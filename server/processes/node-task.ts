import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DomainError, type DomainErrorKind } from "../domain-errors";
import { type ProcessCancelled, ProcessLimitExceeded, spawnLimited } from "./limited-process";

/**
 * The tasks of our own code that run in a process of their own, each its input and its answer
 * (JSON both ways): server/node-task-entry.ts runs them. Each domain adds its own with a module
 * augmentation beside its code (server/findings/propose-hot-spots.ts,
 * server/inspection-report/draw-report.ts), so this engine names no domain. Types alone here, so
 * the server does not load what they need (geotiff.js, pdfkit, sharp) to start them.
 */
// An interface, not a type: module augmentation can add to an interface only.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NodeTasks {}

/**
 * The limits of a task of our own code run in a child Node process (docs/decisions/0043-limits-on-background-work.md):
 * killed past its time, its JavaScript heap capped by V8 (`--max-old-space-size`; an address-space
 * cap would refuse V8's reservations at start), and at the background work's lower priority.
 */
export interface NodeTaskLimits {
  timeoutMs: number;
  heapMb: number;
  niceness: number;
}

/**
 * Where the entry is: dist/server/node-task-entry.js beside the bundle (scripts/build.mjs builds it), or
 * server/node-task-entry.ts in the source tree, run through tsx (tests, `npm run dev`).
 */
function entry(): { file: string; loader: string[] } {
  const built = fileURLToPath(new URL("./node-task-entry.js", import.meta.url));
  if (existsSync(built)) return { file: built, loader: [] };
  const source = fileURLToPath(new URL("../node-task-entry.ts", import.meta.url));
  if (existsSync(source)) return { file: source, loader: ["--import", "tsx"] };
  throw new Error(`the background task entry is missing (looked for ${built} and ${source})`);
}

/**
 * What the entry writes on stdout: the task's answer, or the error it threw. A domain error keeps
 * its kind (a COG not in Web Mercator fails detection at once instead of being retried).
 */
export type TaskAnswer<Output> = { ok: true; value: Output } | { ok: false; message: string; kind: DomainErrorKind | null };

// V8's own words when the heap cap is reached; the process then aborts.
const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit/i;
// An answer is a few kilobytes (the report's is nothing, detection's at most 2,000 candidates).
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * Runs one task of server/node-task-entry.ts in a child Node process under its limits: the
 * input goes in as JSON on stdin, the answer comes back as JSON on stdout. Rejects with
 * ProcessLimitExceeded (time or heap: running it again would end the same way) or ProcessCancelled
 * (the signal aborted: the work's row was deleted), and with an Error carrying the child's own
 * message when the task threw.
 */
export async function runNodeTask<Name extends keyof NodeTasks>(
  task: Name,
  input: NodeTasks[Name]["input"],
  options: { limits: NodeTaskLimits; signal?: AbortSignal; label: string },
): Promise<NodeTasks[Name]["output"]> {
  const { file, loader } = entry();
  const limits = { timeoutMs: options.limits.timeoutMs, memoryBytes: null, niceness: options.limits.niceness };
  const { child, ended } = await spawnLimited(process.execPath, [...loader, `--max-old-space-size=${options.limits.heapMb}`, file, task], {
    limits,
    label: options.label,
    stdio: ["pipe", "pipe", "pipe"],
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const chunks: Buffer[] = [];
  let bytes = 0;
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= MAX_ANSWER_BYTES) chunks.push(chunk);
    else child.kill("SIGKILL");
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-8000)));
  // A child killed before it read its input closes stdin under us: that is its exit's story, not an error of ours.
  child.stdin!.on("error", () => undefined);
  child.stdin!.end(JSON.stringify(input));
  const { code, stopped } = await ended;
  if (stopped) throw stopped as ProcessLimitExceeded | ProcessCancelled;
  if (HEAP_EXHAUSTED.test(stderr)) throw new ProcessLimitExceeded(options.label, "memory", { ...limits, memoryBytes: options.limits.heapMb * 1024 * 1024 });
  if (bytes > MAX_ANSWER_BYTES) throw new Error(`${options.label}: its answer was larger than ${MAX_ANSWER_BYTES} bytes`);
  const answer = code === 0 ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as TaskAnswer<NodeTasks[Name]["output"]>) : null;
  if (!answer) throw new Error(`${options.label} ended with code ${code}: ${stderr.trim().split("\n").slice(-3).join(" ") || "no message"}`);
  if (!answer.ok) throw answer.kind ? new DomainError(answer.kind, answer.message) : new Error(`${options.label}: ${answer.message}`);
  return answer.value;
}
