import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type ProcessCancelled, ProcessLimitExceeded, type ProcessLimits, spawnLimited } from "../../processes/limited-process";
import { type EngineOptions, GDAL_CONFIG, GdalError, type GdalEngine, type GdalInfo } from "./engine";

type WasmCall = { op: "info"; file: string; args: string[] } | { op: "warp"; source: string; target: string; args: string[] };
type WasmRequest = { id: number } & WasmCall;
type WasmAnswer = { ready: true } | { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

// gdal3.js compiles its 28 MB of WebAssembly and loads its 11 MB data file in about half a second.
const START_TIMEOUT_MS = 60_000;

/**
 * Where the runner is: beside this file in the source tree, or dist/server/gdal-wasm-runner.mjs
 * beside the bundle (scripts/build.mjs copies it there).
 */
function runnerPath(): string {
  const candidates = [new URL("./wasm-runner.mjs", import.meta.url), new URL("./gdal-wasm-runner.mjs", import.meta.url)].map((url) => fileURLToPath(url));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`the GDAL WebAssembly runner is missing (looked for ${candidates.join(", ")})`);
  return found;
}

const LABEL = "GDAL (WebAssembly)";

/**
 * gdal3.js (GDAL compiled to WebAssembly) in a child process of its own for this engine's life: it
 * needs no system install, and a crash or a 4 GB heap there leaves the server alone. The child runs
 * at the background work's lower priority; each call has its program's time limit (a call past it
 * ends the child), and the whole child the sum of them. No address-space cap: WebAssembly reserves
 * far more address space than it uses, so `prlimit --as` would refuse every start.
 */
export async function wasmEngine(workDir: string, { limits, signal }: EngineOptions): Promise<GdalEngine & { pid: number }> {
  const lifetime: ProcessLimits = {
    timeoutMs: START_TIMEOUT_MS + 2 * limits.info.timeoutMs + limits.warp.timeoutMs,
    memoryBytes: null,
    niceness: limits.warp.niceness,
  };
  // Node itself, with no execArgv of ours (a test runner's loaders): the runner is plain JavaScript.
  const started = await spawnLimited(process.execPath, [runnerPath(), workDir, JSON.stringify(GDAL_CONFIG)], {
    limits: lifetime,
    signal,
    label: LABEL,
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  const child = started.child;
  let stoppedBy: ProcessLimitExceeded | ProcessCancelled | null = null;
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let exited: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the GDAL WebAssembly process did not start in time")), START_TIMEOUT_MS);
    child.on("message", (answer: WasmAnswer) => {
      if ("ready" in answer) {
        clearTimeout(timer);
        resolve();
        return;
      }
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.ok) waiting?.resolve(answer.result);
      else waiting?.reject(new GdalError(answer.message));
    });
    child.once("exit", (code, exitSignal) => {
      clearTimeout(timer);
      // Not GdalError: a process killed (by the system, a deploy) says nothing of the file; the queue retries.
      // Stopped by its limit or called off, it says so.
      exited =
        stoppedBy ??
        started.stoppedBy() ??
        new Error(`the GDAL WebAssembly process exited (${exitSignal ?? `code ${code}`})${stderr ? `: ${stderr.trim().split("\n").slice(-3).join(" ")}` : ""}`);
      for (const waiting of pending.values()) waiting.reject(exited);
      pending.clear();
      reject(exited);
    });
    child.once("error", reject);
  });
  try {
    await ready;
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }

  const call = <T>(request: WasmCall, callLimits: ProcessLimits): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) {
        reject(exited);
        return;
      }
      const id = nextId++;
      // A call past its program's limit ends the child: a GDAL call cannot be interrupted from outside.
      const timer = setTimeout(() => {
        stoppedBy ??= new ProcessLimitExceeded(LABEL, "time", callLimits);
        child.kill("SIGKILL");
      }, callLimits.timeoutMs);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      child.send({ ...request, id } satisfies WasmRequest);
    });

  return {
    name: "wasm",
    pid: child.pid!,
    info: (file, args = []) => call<GdalInfo>({ op: "info", file, args }, limits.info),
    warp: async (source, target, args, onProgress) => {
      await call<null>({ op: "warp", source, target, args }, limits.warp);
      onProgress?.(100);
    },
    close: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.disconnect();
      // A runner busy in a long GDAL call does not read the channel: it is not waited for.
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
