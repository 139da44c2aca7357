import type { JobDetail } from "@common/contract/jobs";
import { useInspectionConditions } from "./api/inspection-report";
import { InspectionConditionsButton } from "./inspection-conditions-button";
import { InspectionReportButton } from "./inspection-report-button";

/**
 * The job's inspection report in the back office (docs/decisions/0032-inspection-report.md): the
 * flight's conditions (their form loads on demand) and the generated report's button and state. For
 * the admins and the job's pilot.
 */
export function InspectionReportSection({ job }: { job: Pick<JobDetail, "id" | "flight"> }) {
  const conditions = useInspectionConditions(job.id);
  return (
    <section aria-labelledby="job-inspection-heading" className="space-y-3">
      <h2 id="job-inspection-heading" className="text-2xl font-bold tracking-tight">
        Inspection report
      </h2>
      <InspectionConditionsButton jobId={job.id} conditions={conditions.data} flightAircraft={job.flight?.aircraft ?? ""} />
      <InspectionReportButton jobId={job.id} />
    </section>
  );
}
