import { CalendarDays } from "lucide-react";
import { FLIGHT_HORIZON_DAYS, fliesWithin } from "@common/flights";
import { Card } from "@/components/ui/card";
import { formatWindow } from "@/lib/job-window";
import { NO_JOB_FILTERS, useAdminJobs } from "./api/get-admin-jobs";
import { JobLink } from "./job-address";

/**
 * A pilot's next flights, above their jobs (docs/decisions/0057-back-office-home.md): their own
 * scheduled jobs whose window starts in the coming days, soonest first. Read from the list the
 * server already narrows to the pilot's jobs, the one the board shows unfiltered, so it asks for
 * nothing more.
 */
export function NextFlights() {
  const jobs = useAdminJobs(NO_JOB_FILTERS);
  const now = new Date();
  const flights = (jobs.data ?? [])
    .filter((job) => fliesWithin(job, now))
    .sort((a, b) => Date.parse(a.scheduledStart!) - Date.parse(b.scheduledStart!) || a.id - b.id);
  if (!jobs.isSuccess) return null;
  return (
    <section aria-labelledby="next-flights-heading" className="mb-8">
      <Card className="p-5">
        <h2 id="next-flights-heading" className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <CalendarDays aria-hidden className="size-5 text-primary" />
          Your next flights
        </h2>
        {flights.length ? (
          <ol className="mt-3 divide-y text-sm">
            {flights.map((job) => (
              <li key={job.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <span className="min-w-0 break-words">
                  <JobLink
                    jobId={job.id}
                    className="font-semibold text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {job.title}
                  </JobLink>
                  <span className="text-muted-foreground"> · {job.site.name || job.customerName}</span>
                </span>
                <span className="text-muted-foreground tabular-nums">{formatWindow(job.scheduledStart!, job.scheduledEnd!, job.timeZone)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-muted-foreground">No flights in the next {FLIGHT_HORIZON_DAYS} days.</p>
        )}
      </Card>
    </section>
  );
}
