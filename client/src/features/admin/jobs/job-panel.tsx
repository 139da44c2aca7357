import { ArrowLeft } from "lucide-react";
import type { JobDetail, JobEvent } from "@common/contract/jobs";
import { JOB_STATUS_LABELS } from "@common/jobs";
import { Button } from "@/components/ui/button";
import { JobMessages } from "@/components/ui/job-messages";
import { JobStatusBadge } from "@/components/ui/job-status-badge";
import { Card } from "@/components/ui/card";
import { type Detail, DetailList } from "@/components/ui/detail-list";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { useUser } from "@/lib/auth";
import { formatDateTime } from "@/lib/format";
import { formatWindow } from "@/lib/job-window";
import { useJob } from "./api/get-job";
import { JobActionDialog } from "./job-action-dialog";
import { actionsFor } from "./job-actions";

function siteText({ site }: JobDetail): string {
  const place = [site.name, site.address].filter(Boolean).join(", ");
  return site.latitude === null || site.longitude === null ? place : `${place} (${site.latitude}, ${site.longitude})`;
}

function jobDetails(job: JobDetail): Detail[] {
  const details: Detail[] = [
    { term: "Customer", value: job.customerName },
    { term: "Service", value: job.serviceName },
    { term: "Site", value: siteText(job) },
    { term: "Flight window", value: job.scheduledStart && job.scheduledEnd ? formatWindow(job.scheduledStart, job.scheduledEnd, job.timeZone) : "Not scheduled" },
    { term: "Pilot", value: job.pilotName ?? "Not assigned" },
  ];
  if (job.quoteId !== null) details.push({ term: "Quote", value: `#${job.quoteId}${job.quote ? ` (${job.quote.status})` : ""}` });
  if (job.cancelReason) details.push({ term: "Cancelled because", value: job.cancelReason });
  return details;
}

function flightDetails({ flight }: JobDetail): Detail[] {
  if (!flight) return [];
  const { flownOn, durationMinutes, aircraft, wind, temperature, cloud, irradiance } = flight;
  return [
    { term: "Flown on", value: flownOn },
    { term: "Duration", value: durationMinutes === null ? "—" : `${durationMinutes} min` },
    ...Object.entries({ Aircraft: aircraft, Wind: wind, Temperature: temperature, Cloud: cloud, Irradiance: irradiance })
      .filter(([, value]) => value)
      .map(([term, value]) => ({ term, value })),
  ];
}

function EventItem({ event, timeZone }: { event: JobEvent; timeZone: string }) {
  const move = event.from ? `${JOB_STATUS_LABELS[event.from]} → ${JOB_STATUS_LABELS[event.to]}` : JOB_STATUS_LABELS[event.to];
  return (
    <li className="border-l-2 border-primary/50 py-1 pl-4">
      <p className="font-semibold">{move}</p>
      <p className="text-sm text-muted-foreground">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.byName}
      </p>
      {event.note ? <p className="mt-1 text-sm">{event.note}</p> : null}
      {event.previousStart && event.previousEnd ? (
        <p className="mt-1 text-sm text-muted-foreground">Was {formatWindow(event.previousStart, event.previousEnd, timeZone)}</p>
      ) : null}
    </li>
  );
}

function Deliverables({ job }: { job: JobDetail }) {
  const items = [...job.reports.map((report) => ({ key: `report-${report.id}`, kind: "Report", title: report.title })), ...job.media.map((item) => ({ key: `media-${item.id}`, kind: "Media", title: item.title }))];
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nothing uploaded to this job yet.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {items.map((item) => (
        <li key={item.key}>
          <span className="hud-label text-muted-foreground">{item.kind}</span> {item.title}
        </li>
      ))}
    </ul>
  );
}

/** One job for the back office: where it stands, the actions its state allows, what was delivered, every change, and the thread with the customer. */
export function JobPanel({ jobId, onBack }: { jobId: number; onBack: () => void }) {
  const query = useJob(jobId);
  // RequireAdmin has loaded the admin already: their own messages read "You".
  const me = useUser().data;
  const back = (
    <Button type="button" variant="ghost" onClick={onBack}>
      <ArrowLeft aria-hidden />
      All jobs
    </Button>
  );
  if (query.isPending) return <LoadingState label="Loading the job…" />;
  if (query.isError)
    return (
      <div className="space-y-4">
        {back}
        <ErrorState>{query.error.message || "Failed to load the job"}</ErrorState>
      </div>
    );
  const job = query.data;
  const actions = actionsFor(job);
  const flight = flightDetails(job);

  return (
    <section aria-labelledby="job-heading" className="space-y-6">
      {back}
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="job-heading" className="text-2xl font-bold tracking-tight">
          {job.title}
        </h2>
        <JobStatusBadge status={job.status} />
      </header>
      <Card className="space-y-5">
        <DetailList details={jobDetails(job)} />
        {actions.length ? (
          <div role="group" aria-label="Job actions" className="flex flex-wrap gap-3">
            {actions.map((action) => (
              <JobActionDialog key={action.label} job={job} action={action} />
            ))}
          </div>
        ) : null}
      </Card>
      {flight.length ? (
        <section aria-labelledby="job-flight-heading" className="space-y-3">
          <h3 id="job-flight-heading" className="text-lg font-bold">
            Flight record
          </h3>
          <DetailList details={flight} />
        </section>
      ) : null}
      <section aria-labelledby="job-deliverables-heading" className="space-y-3">
        <h3 id="job-deliverables-heading" className="text-lg font-bold">
          Deliverables
        </h3>
        <Deliverables job={job} />
      </section>
      <section aria-labelledby="job-history-heading" className="space-y-3">
        <h3 id="job-history-heading" className="text-lg font-bold">
          History
        </h3>
        <ol aria-labelledby="job-history-heading" className="space-y-3">
          {job.events.map((event) => (
            <EventItem key={event.id} event={event} timeZone={job.timeZone} />
          ))}
        </ol>
      </section>
      {me ? <JobMessages jobId={job.id} userId={me.id} /> : null}
    </section>
  );
}
