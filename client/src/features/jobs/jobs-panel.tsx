import { Briefcase, ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { JOB_NEXT_STEP } from "@common/job-status";
import { FindingCountsLine } from "@/components/findings/finding-counts";
import { JobStatusBadge } from "@/components/jobs/job-status-badge";
import { Card } from "@/components/ui/card";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useCustomerFindingCounts } from "@/api/findings";
import { formatWindow } from "@/lib/job-window";
import { jobPath, useJobs } from "@/api/jobs";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";

/**
 * The dashboard's Jobs tab: each of the customer's jobs, where it stands and what comes next, linking
 * to its page; the inspection findings of their delivered jobs counted by state, in all and per job.
 */
export function JobsPanel() {
  const jobs = useJobs();
  const { data: findings } = useCustomerFindingCounts();
  const countsOf = (jobId: number) => findings?.jobs.find((job) => job.jobId === jobId)?.counts;
  useLoadErrorToast(jobs, "Failed to load your jobs");

  return (
    <ListPanel
      id="jobs-heading"
      title="Your jobs"
      query={jobs}
      loadingLabel="Loading your jobs…"
      loadError="Your jobs could not be loaded. Please try again later."
      actions={
        findings?.jobs.length ? (
          <div className="flex flex-wrap items-baseline gap-2">
            <span className="text-sm font-semibold">Findings:</span>
            <FindingCountsLine counts={findings.total} label="Your findings by state" />
          </div>
        ) : null
      }
      empty={
        <EmptyState icon={<Briefcase />}>No jobs yet. A job opens when you request a quote, and you can follow it here from request to delivery.</EmptyState>
      }
    >
      {(items) => (
        <CardList items={items}>
          {(job) => {
            const next = JOB_NEXT_STEP[job.status];
            return (
              <Card className="flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0 flex-1 space-y-2">
                  <div className="flex flex-wrap items-center gap-3">
                    <h3 className="text-lg font-semibold break-words">
                      <Link href={jobPath(job.id)} className="underline-offset-4 hover:underline">
                        {job.title}
                      </Link>
                    </h3>
                    <JobStatusBadge status={job.status} />
                  </div>
                  <p className="text-sm text-muted-foreground">{[job.serviceName, job.site.name].filter(Boolean).join(" · ")}</p>
                  {job.scheduledStart && job.scheduledEnd ? (
                    <p className="text-sm">Flight window: {formatWindow(job.scheduledStart, job.scheduledEnd, job.timeZone)}</p>
                  ) : null}
                  {next ? <p className="text-sm">Next step: {next}</p> : null}
                  {countsOf(job.id) ? <FindingCountsLine counts={countsOf(job.id)!} label={`Findings of ${job.title} by state`} /> : null}
                </div>
                <ChevronRight aria-hidden className="mt-1 size-5 text-muted-foreground" />
              </Card>
            );
          }}
        </CardList>
      )}
    </ListPanel>
  );
}
