import { Check, Circle, CircleDot, XCircle } from "lucide-react";
import type { JobDetail } from "@common/contract/jobs";
import { JOB_NEXT_STEP, JOB_STATUS_LABELS, JOB_STEPS, type JobStatus } from "@common/job-status";
import { formatDateTime, formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";

/** When the job first reached the cancellation, from its events. */
const cancelledAt = (events: JobDetail["events"]): string | undefined => events.find((event) => event.to === "cancelled")?.at;

/** A step's date: the flight's own day for Flown (the record may be written days later), else the moment the job reached the step. */
function StepDate({ at, on }: { at: string | null; on: string | null }) {
  if (on) return <time dateTime={on}>{formatDay(on)}</time>;
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : null;
}

/** Where the job stands: each step with its date (the server's timeline), the current one marked, then what comes next (or why it was cancelled). */
export function JobTimeline({ job }: { job: Pick<JobDetail, "status" | "events" | "timeline" | "cancelReason"> }) {
  const dates = new Map(job.timeline.map(({ step, at, on }) => [step as JobStatus, { at, on }]));
  const reached = (step: JobStatus) => Boolean(dates.get(step)?.at);
  const cancelled = job.status === "cancelled";
  // A cancelled job stops at the last step it reached before the cancellation.
  const current = cancelled ? [...JOB_STEPS].reverse().find(reached) : job.status;
  const currentIndex = current ? JOB_STEPS.indexOf(current as (typeof JOB_STEPS)[number]) : -1;
  const next = JOB_NEXT_STEP[job.status];
  const cancelledOn = cancelledAt(job.events);

  return (
    <section aria-labelledby="timeline-heading" className="space-y-4">
      <h2 id="timeline-heading" className="text-2xl font-bold tracking-tight">
        Timeline
      </h2>
      <ol className="space-y-3">
        {JOB_STEPS.map((step, index) => {
          const date = dates.get(step);
          const dated = Boolean(date?.at ?? date?.on);
          const isCurrent = !cancelled && step === current;
          const done = index < currentIndex || (cancelled && index === currentIndex);
          const Icon = isCurrent ? CircleDot : done ? Check : Circle;
          return (
            <li
              key={step}
              aria-current={isCurrent ? "step" : undefined}
              className={cn(
                "flex flex-wrap items-center gap-3 rounded-md px-4 py-3",
                isCurrent
                  ? "border-2 border-primary font-semibold text-primary dark:bg-primary/10"
                  : done
                    ? "border text-foreground"
                    : "border text-muted-foreground",
              )}
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              <span className="flex-1">
                {JOB_STATUS_LABELS[step]}
                {isCurrent ? <span className="sr-only"> (current step)</span> : null}
              </span>
              {dated && date ? <StepDate at={date.at} on={date.on} /> : <span className="text-sm">{done ? "" : "Not yet"}</span>}
            </li>
          );
        })}
      </ol>
      {cancelled ? (
        <p className="flex items-start gap-3 rounded-md border border-destructive/60 px-4 py-3 text-destructive">
          <XCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>
            Cancelled{cancelledOn ? <> on {formatDateTime(cancelledOn)}</> : null}
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
