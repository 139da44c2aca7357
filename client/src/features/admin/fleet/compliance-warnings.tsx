import { TriangleAlert } from "lucide-react";
import { EXPIRY_WARNING_DAYS } from "@common/operator-record-words";
import { useComplianceWarnings } from "./api";

/**
 * The records that lapse within 30 days (or have), and pilots with no certificate recorded: on the
 * back-office home for the whole business, on a job's page for its pilot, aircraft and policy.
 * Nothing shows while there is nothing to warn of, or when the list cannot be read.
 */
export function ComplianceWarnings({ jobId }: { jobId?: number }) {
  const warnings = useComplianceWarnings(jobId);
  if (!warnings.data?.length) return null;
  const headingId = `compliance-warnings-${jobId ?? "home"}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4" />
        Records expiring within {EXPIRY_WARNING_DAYS} days
      </h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        {warnings.data.map((warning) => (
          <li key={`${warning.kind}-${warning.recordId}`}>{warning.message}</li>
        ))}
      </ul>
    </section>
  );
}
