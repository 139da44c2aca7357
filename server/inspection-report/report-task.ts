import { defineTask } from "../queue/define-task";
import { generateInspectionReport, type ReportContext } from "./generate-report";

// Two attempts after the first, for a process killed mid-way; a report of a thousand findings takes
// seconds (docs/benchmarks.md), far inside the expiry.
const RETRY_LIMIT = 2;
const EXPIRE_IN_SECONDS = 30 * 60;

/** Generates one version of a job's inspection report in the background and publishes it (generate-report.ts). */
export const inspectionReportTask = defineTask<{ inspectionReportId: number }, ReportContext>({
  name: "inspection-report",
  options: { retryLimit: RETRY_LIMIT, expireInSeconds: EXPIRE_IN_SECONDS },
  // Each PDF is drawn in a process of its own (server/processes/node-task.ts): one at a time, taken one by one.
  concurrency: 1,
  async work({ inspectionReportId }, context, run) {
    await generateInspectionReport(context, inspectionReportId, { lastAttempt: run.retryCount >= RETRY_LIMIT });
  },
});
