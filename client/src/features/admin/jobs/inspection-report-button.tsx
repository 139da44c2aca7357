import { FileText } from "lucide-react";
import type { InspectionReportVersion } from "@common/contract/inspection-report";
import { Button } from "@/components/ui/button";
import { FormRefusal } from "@/components/ui/panel-states";
import { useGenerateInspectionReport, useInspectionReport } from "./api/inspection-report";

function versionState(version: InspectionReportVersion): string {
  if (version.status === "published")
    return `Published v${version.version}${version.findingCount === null ? "" : ` (${version.findingCount} finding${version.findingCount === 1 ? "" : "s"})`}`;
  if (version.status === "failed") return `v${version.version} failed: ${version.error}`;
  return `v${version.version} ${version.status}…`;
}

/**
 * "Generate inspection report" (POST /api/admin/jobs/{id}/report) and where it stands: queued,
 * generating, published vN, or failed, with the warnings of the latest version (or, before any,
 * of one made now). A published report is in the job's deliverables and the customer's Reports tab.
 */
export function InspectionReportButton({ jobId }: { jobId: number }) {
  const state = useInspectionReport(jobId);
  const generate = useGenerateInspectionReport(jobId);
  const latest = state.data?.versions[0];
  const busy = latest?.status === "queued" || latest?.status === "generating";
  const warnings = latest && latest.status !== "failed" ? latest.warnings : (state.data?.warnings ?? []);
  const refused = generate.data && !generate.data.ok ? (generate.data.message ?? generate.data.generic) : undefined;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" size="sm" variant="outline" disabled={busy || generate.isPending} onClick={() => generate.mutate()}>
          <FileText aria-hidden />
          {latest?.status === "published" ? "Generate inspection report again" : "Generate inspection report"}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {latest ? versionState(latest) : state.isPending ? "Loading…" : state.isError ? state.error.message : "Not generated yet"}
        </p>
      </div>
      <FormRefusal>{refused}</FormRefusal>
      {warnings.length ? (
        <ul aria-label="Inspection report warnings" className="space-y-1 text-sm text-amber-700 dark:text-amber-400">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
