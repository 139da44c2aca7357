import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import { NewJobTrigger } from "./new-job-trigger";

/** "New job", and its dialog (the form) loaded when the button is first pressed (docs/benchmarks.md, "Bytes per route"). */
export const NewJobButton = dialogOnDemand<{ onCreated: (jobId: number) => void }>(
  () => import("./new-job-dialog").then((module) => module.NewJobDialog),
  () => <NewJobTrigger />,
);
