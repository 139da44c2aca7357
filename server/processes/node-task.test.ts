import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectionMessages } from "@common/finding-detection";
import { DomainError } from "../domain-errors";
import { writePlantedThermal } from "../testing/thermal-rasters";
import { ProcessCancelled, ProcessLimitExceeded } from "./limited-process";
import { runNodeTask } from "./node-task";

const MERCATOR = { srs: "EPSG:3857", geoTransform: [-10_797_000, 0.06, 0, 3_763_000, 0, -0.06] as const };
const ROOMY = { timeoutMs: 120_000, heapMb: 512, niceness: 10 };

let dir: string;
let cog: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-node-task-"));
  cog = await writePlantedThermal(dir, "cog", {
    width: 600,
    height: 400,
    ...MERCATOR,
    spots: [{ column: 100, row: 100, size: 3, deltaT: 15 }],
    noise: 0.3,
    format: "COG",
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The task processes running now (their command line names the entry and the task). */
async function taskProcesses(): Promise<string[]> {
  const { stdout } = await promisify(execFile)("ps", ["-eo", "pid=,args="]);
  return stdout.split("\n").filter((line) => /task-entry\.(ts|js) hot-spots/.test(line));
}

describe("a task of our own code in a process of its own", () => {
  it("answers what the task answers in the server's process", async () => {
    const groups = await runNodeTask("hot-spots", { file: cog, minDeltaT: 3, resolutionCm: 5.09 }, { limits: ROOMY, label: "Hot-spot detection" });
    expect(groups.map((group) => Math.round(group.lead.deltaT))).toEqual([15]);
  });

  it("keeps a domain error's kind, so the work fails at once rather than being retried", async () => {
    const utm = await writePlantedThermal(dir, "utm", {
      width: 60,
      height: 40,
      srs: "EPSG:32614",
      geoTransform: [658_000, 0.1, 0, 3_542_000, 0, -0.1],
      spots: [],
      format: "COG",
    });
    const failure = runNodeTask("hot-spots", { file: utm, minDeltaT: 3, resolutionCm: 10 }, { limits: ROOMY, label: "Hot-spot detection" });
    await expect(failure).rejects.toBeInstanceOf(DomainError);
    await expect(failure).rejects.toThrow(detectionMessages.notEpsg3857);
  });

  it("is stopped past its time, with a plain reason, and leaves no process behind", async () => {
    // Starting Node alone takes longer than this.
    const failure = runNodeTask(
      "hot-spots",
      { file: cog, minDeltaT: 3, resolutionCm: 5.09 },
      { limits: { ...ROOMY, timeoutMs: 20 }, label: "Hot-spot detection" },
    );
    await expect(failure).rejects.toBeInstanceOf(ProcessLimitExceeded);
    await expect(failure).rejects.toThrow("Hot-spot detection ran longer than 20 ms and was stopped");
    expect(await taskProcesses()).toEqual([]);
  });

  it("is stopped when its JavaScript heap would pass its cap, saying so", async () => {
    // Loading its code (the TypeScript loader, geotiff.js) alone needs more heap than this.
    const failure = runNodeTask("hot-spots", { file: cog, minDeltaT: 3, resolutionCm: 5.09 }, { limits: { ...ROOMY, heapMb: 8 }, label: "Hot-spot detection" });
    await expect(failure).rejects.toBeInstanceOf(ProcessLimitExceeded);
    await expect(failure).rejects.toThrow("Hot-spot detection needed more than 8 MB of memory and was stopped");
  });

  it("is stopped when its work is called off, and leaves no process behind", async () => {
    const controller = new AbortController();
    const failure = runNodeTask(
      "hot-spots",
      { file: cog, minDeltaT: 3, resolutionCm: 5.09 },
      { limits: ROOMY, signal: controller.signal, label: "Hot-spot detection" },
    );
    await expect.poll(taskProcesses, { timeout: 10_000, interval: 20 }).toHaveLength(1);
    controller.abort();
    await expect(failure).rejects.toBeInstanceOf(ProcessCancelled);
    expect(await taskProcesses()).toEqual([]);
  });
});
