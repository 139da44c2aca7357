import { spawn } from "node:child_process";

/** The program is not installed (spawn answered ENOENT): the caller goes without, it does not retry. */
export class ToolMissing extends Error {
  override name = "ToolMissing";

  constructor(program: string) {
    super(`${program} is not installed (or not on PATH)`);
  }
}

/** The program ran and refused the input (a broken or unknown file): retrying would refuse it again. */
export class ToolFailed extends Error {
  override name = "ToolFailed";
}

interface RunOptions {
  /** The most stdout kept: a poster frame or ffprobe's JSON is far smaller; more means something is wrong. */
  maxOutputBytes: number;
  /** Killed after this long: a file that makes the program hang must not hold the queue's job until it expires. */
  timeoutMs: number;
}

/** Runs a program to its end and answers its stdout; its stderr's tail names why it failed. */
export function runTool(program: string, args: readonly string[], { maxOutputBytes, timeoutMs }: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs, killSignal: "SIGKILL" });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > maxOutputBytes) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    // A missing program fires "error" before "close"; the first to settle the promise wins.
    child.on("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new ToolMissing(program) : error));
    child.on("close", (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(chunks));
      const why = signal ? `was stopped (${signal}${outputBytes > maxOutputBytes ? ", output too large" : ", too slow"})` : `exited with ${code}`;
      reject(new ToolFailed(`${program} ${why}: ${stderr.trim() || "no message"}`));
    });
  });
}
