import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import type { ImportFlightLogProps } from "./import-flight-log";
import { ImportFlightLogTrigger } from "./import-flight-log-trigger";

/** "Import flight log": the button, and its dialog (import-flight-log.tsx) loaded when it is first pressed, so the job page stays within its first-screen budget (e2e/budget.spec.ts). */
export const ImportFlightLogButton = dialogOnDemand<ImportFlightLogProps>(
  () => import("./import-flight-log").then((module) => module.ImportFlightLog),
  () => <ImportFlightLogTrigger />,
);
