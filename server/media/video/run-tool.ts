import { type ProcessLimits, ProcessLimitExceeded, runLimited } from "../../processes/limited-process";

/** The program is not installed (spawn answered ENOENT): the caller goes without, it does not retry. */
export class ToolMissing extends Error {
  override name = "ToolMissing";
  constructor(program: string) {
    super(`${program} is not installed (or not on PATH)`);
  }
}

/** The program ran and refused the input (a broken or unknown file), or went past its limits: retrying would end the same way. */
export class ToolFailed extends Error {
  override name = "ToolFailed";
}

interface RunOptions {
  /** The most stdout kept: a poster frame or ffprobe's JSON is far smaller; more means something is wrong. */
  maxOutputBytes: number;
  /** Time, memory and priority (VIDEO_TIMEOUT_SECONDS, BACKGROUND_*): a file that makes the program hang must not hold the queue's job until it expires. */
  limits: ProcessLimits;
  /** Aborting stops the program: the rejection is then ProcessCancelled. */
  signal?: AbortSignal;
}

/** Runs a program to its end and answers its stdout; its stderr's tail names why it failed. */
export async function runTool(program: string, args: readonly string[], { maxOutputBytes, limits, signal }: RunOptions): Promise<Buffer> {
  let run: Awaited<ReturnType<typeof runLimited>>;
  try {
    run = await runLimited(program, args, { limits, maxOutputBytes, signal });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ToolMissing(program);
    if (error instanceof ProcessLimitExceeded) throw new ToolFailed(error.message, { cause: error });
    throw error;
  }
  if (run.code === 0 && !run.outputTooLarge) return run.stdout;
  const why = run.outputTooLarge ? "was stopped (output too large)" : run.signal ? `was stopped (${run.signal})` : `exited with ${run.code}`;
  throw new ToolFailed(`${program} ${why}: ${run.stderr.trim().slice(-2000) || "no message"}`);
}
