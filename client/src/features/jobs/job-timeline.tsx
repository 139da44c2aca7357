import { Check, Circle, CircleDot, XCircle } from "lucide-react";
import type { JobDetail } from "@common/contract/jobs";
import { JOB_NEXT_STEP, JOB_STATUS_LABELS, JOB_STEPS, type JobStatus } from "@common/job-status";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** When the job first reached each state, from its events (a reschedule reaches "scheduled" again; the first date stands). */
function reachedAt(events: JobDetail["events"]): Map<JobStatus, string> {
  const dates = new Map<JobStatus, string>();
  for (const event of events) if (!dates.has(event.to)) dates.set(event.to, event.at);
  return dates;
}

/** Where the job stands: each step with its date, the current one marked, then what comes next (or why it was cancelled). */
export function JobTimeline({ job }: { job: JobDetail }) {
  const dates = reachedAt(job.events);
  const cancelled = job.status === "cancelled";
  // A cancelled job stops at the last step it reached before the cancellation.
  const current = cancelled ? [...JOB_STEPS].reverse().find((step) => dates.has(step)) : job.status;
  const currentIndex = current ? JOB_STEPS.indexOf(current as (typeof JOB_STEPS)[number]) : -1;
  const next = JOB_NEXT_STEP[job.status];
  const cancelledAt = dates.get("cancelled");

  return (
    <section aria-labelledby="timeline-heading" className="space-y-4">
      <h2 id="timeline-heading" className="text-2xl font-bold tracking-tight">
        Timeline
      </h2>
      <ol className="space-y-3">
        {JOB_STEPS.map((step, index) => {
          const date = dates.get(step);
          const isCurrent = !cancelled && step === current;
          const done = index < currentIndex || (cancelled && index === currentIndex);
          const Icon = isCurrent ? CircleDot : done ? Check : Circle;
          return (
            <li
              key={step}
              aria-current={isCurrent ? "step" : undefined}
              className={cn(
                "flex flex-wrap items-center gap-3 rounded-md px-4 py-3",
                isCurrent ? "border-2 border-primary font-semibold text-primary dark:bg-primary/10" : done ? "border text-foreground" : "border text-muted-foreground",
              )}
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              <span className="flex-1">
                {JOB_STATUS_LABELS[step]}
                {isCurrent ? <span className="sr-only"> (current step)</span> : null}
              </span>
              {date ? <time dateTime={date}>{formatDateTime(date)}</time> : <span className="text-sm">{done ? "" : "Not yet"}</span>}
            </li>
          );
        })}
      </ol>
      {cancelled ? (
        <p className="flex items-start gap-3 rounded-md border border-destructive/60 px-4 py-3 text-destructive">
          <XCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>
            Cancelled{cancelledAt ? <> on {formatDateTime(cancelledAt)}</> : null}
            {job.cancelReason ? <>: {job.cancelReason}</> : null}
          </span>
        </p>
      ) : null}
      {next ? (
        <p className="rounded-md border border-primary/60 px-4 py-3">
          <span className="font-semibold">Next step:</span> {next}
        </p>
      ) : null}
    </section>
  );
}
