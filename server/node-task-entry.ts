// The child process of server/processes/node-task.ts: reads its task's input as JSON on stdin,
// writes the answer (or the error) as JSON on stdout, and exits. Run as `node node-task-entry.js TASK`.
import { text } from "node:stream/consumers";
import { DomainError } from "./domain-errors";
import { proposeHotSpots } from "./findings/propose-hot-spots";
import { drawInspectionReport } from "./inspection-report/draw-report";
import type { NodeTasks, TaskAnswer } from "./processes/node-task";

const TASKS: { [Name in keyof NodeTasks]: (input: NodeTasks[Name]["input"]) => Promise<NodeTasks[Name]["output"]> } = {
  "hot-spots": (input) => proposeHotSpots(input.file, input),
  "report-pdf": async (input) => {
    await drawInspectionReport(input);
    return { written: true };
  },
};

const isTask = (name: string | undefined): name is keyof NodeTasks => name !== undefined && Object.hasOwn(TASKS, name);

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!isTask(name)) throw new Error(`no task named ${String(name)}`);
  const input = JSON.parse(await text(process.stdin)) as never;
  let answer: TaskAnswer<unknown>;
  try {
    answer = { ok: true, value: await TASKS[name](input) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error), kind: error instanceof DomainError ? error.kind : null };
  }
  process.stdout.write(JSON.stringify(answer), () => process.exit(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
