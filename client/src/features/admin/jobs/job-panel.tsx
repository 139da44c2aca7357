import { ArrowLeft } from "lucide-react";
import { JobDeliverables } from "./job-deliverables";
import { type ComponentType, lazy, type ReactNode, Suspense, useDeferredValue } from "react";
import { Link } from "wouter";
import type { JobDetail, JobEvent } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";
import type { PublicUser } from "@common/contract/users";
import { isSettled, JOB_STATUS_LABELS } from "@common/job-status";
import { formatSiteArea } from "@common/site-area";
import { adminJobKeys } from "@/api/jobs";
import { JobMessages } from "@/components/jobs/job-messages";
import { ComplianceWarnings } from "../fleet/compliance-warnings";
import { JobStatusBadge } from "@/components/jobs/job-status-badge";
import { JobZipLink } from "@/components/jobs/job-zip-link";
import { ShareJobDialog } from "@/components/share-links/share-button";
import { SiteBoundaryDialog } from "@/components/site-map/boundary-button";
import { SiteMapSection, type SiteMapWithFindingsProps } from "@/components/site-map/site-map-section";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type Detail, DetailList } from "@/components/ui/detail-list";
import { DrawnLater } from "@/components/ui/drawn-later";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { isMissingRecord } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { formatWindow } from "@/lib/job-window";
import { cn } from "@/lib/utils";
import { useJob } from "./api/get-job";
import type { ListAddress } from "./job-address";
import { JobActionButton } from "./job-action-button";
import { JobBilling } from "./job-billing";
import { actionsFor } from "./job-actions";
import { JobDetailsButton } from "./job-details-button";
import { AddMapLayerButton } from "./add-map-layer-button";
import { ImportFlightLogButton } from "./import-flight-log-button";
import { ImportSiteLayoutButton } from "./import-site-layout-button";
import { CustomerDocuments } from "./customer-documents";
import { DeleteMapLayerButton } from "./delete-map-layer-button";
import { InspectionReportSection } from "./inspection-report-section";
import { UploadDeliverablesButton } from "./upload-deliverables-button";

/** Loaded once a job is scheduled, the only jobs that show it: the job page's first screen stays within its budget (e2e/budget.spec.ts). */
const PreflightChecklistSection = lazy(() => import("./preflight-checklist-section").then((module) => ({ default: module.PreflightChecklistSection })));

function siteText({ site }: JobDetail): string {
  const place = [site.name, site.address].filter(Boolean).join(", ");
  return site.latitude === null || site.longitude === null ? place : `${place} (${site.latitude}, ${site.longitude})`;
}

function jobDetails(job: JobDetail, admin: boolean): Detail[] {
  const customer = admin ? (
    <Link href={`/admin-dashboard/customers/${job.userId}`} className="text-primary underline-offset-4 hover:underline">
      {job.customerName}
    </Link>
  ) : (
    job.customerName
  );
  const details: Detail[] = [
    { term: "Customer", value: customer },
    { term: "Service", value: job.serviceName },
    { term: "Site", value: siteText(job) },
    ...(job.siteArea ? [{ term: "Site boundary", value: formatSiteArea(job.siteArea) }] : []),
    {
      term: "Flight window",
      value: job.scheduledStart && job.scheduledEnd ? formatWindow(job.scheduledStart, job.scheduledEnd, job.timeZone) : "Not scheduled",
    },
    { term: "Pilot", value: job.pilotName ?? "Not assigned" },
  ];
  if (job.quoteId !== null) details.push({ term: "Quote", value: `#${job.quoteId}${job.quote ? ` (${job.quote.status})` : ""}` });
  if (job.cancelReason) details.push({ term: "Cancelled because", value: job.cancelReason });
  return details;
}

function flightDetails({ flight }: JobDetail): Detail[] {
  if (!flight) return [];
  const { flownOn, durationMinutes, aircraft, wind, temperature, cloud, irradiance } = flight;
  // Records written before the aircraft was named by id lack the fields after aircraft: they read as none.
  const { aircraftName, batterySerials, takeOffAt, landedAt, maxHeightMetres, latitude, longitude, log } = flight;
  const at = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : "");
  return [
    { term: "Flown on", value: flownOn },
    { term: "Duration", value: durationMinutes === null ? "—" : `${durationMinutes} min` },
    ...Object.entries({
      "Drone flown": aircraftName ?? "",
      Batteries: (batterySerials ?? []).join(", "),
      "Take-off": at(takeOffAt),
      Landing: at(landedAt),
      "Maximum height": maxHeightMetres == null ? "" : `${maxHeightMetres} m`,
      Place: latitude == null || longitude == null ? "" : `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`,
      "Flight log": log ? `${log.fileName} (${log.rows} rows)` : "",
      Aircraft: aircraft,
      Wind: wind,
      Temperature: temperature,
      Cloud: cloud,
      Irradiance: irradiance,
    })
      .filter(([, value]) => value)
      .map(([term, value]) => ({ term, value })),
  ];
}

function EventItem({ event, timeZone }: { event: JobEvent; timeZone: string }) {
  // A note keeps the job's state: its words are the heading, never "Requested → Requested" (docs/decisions/0048-quote-and-job-life-cycles.md).
  const noted = event.kind === "noted" && event.note !== "";
  const heading = noted
    ? event.note
    : event.kind === "rescheduled"
      ? "Rescheduled"
      : event.from
        ? `${JOB_STATUS_LABELS[event.from]} → ${JOB_STATUS_LABELS[event.to]}`
        : JOB_STATUS_LABELS[event.to];
  return (
    <li className="border-l-2 border-primary/50 py-1 pl-4">
      <p className="font-semibold">{heading}</p>
      <p className="text-sm text-muted-foreground">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.byName}
        {event.kind === "noted" ? ` · while ${JOB_STATUS_LABELS[event.to]}` : ""}
      </p>
      {event.note && !noted ? <p className="mt-1 text-sm">{event.note}</p> : null}
      {event.previousStart && event.previousEnd ? (
        <p className="mt-1 text-sm text-muted-foreground">Was {formatWindow(event.previousStart, event.previousEnd, timeZone)}</p>
      ) : null}
    </li>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Back to the board or the calendar the job was opened from (job-address.tsx). */
function BackLink({ back }: { back: ListAddress }) {
  return (
    <Link href={back.href} className={buttonVariants({ variant: "outline", size: "sm" })}>
      <ArrowLeft aria-hidden />
      {back.label}
    </Link>
  );
}

/** The page's title bar, compact as PageHeading makes every signed-in screen's: the way back, the job's title and state, or what stands instead of them. */
function Heading({ title, back, children }: { title: string; back: ListAddress; children?: ReactNode }) {
  return (
    <header className="hud-grid border-b px-4 py-4 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl space-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <BackLink back={back} />
          <p className="hud-label text-[0.7rem] text-primary">{"// Back office · Job"}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="job-heading" className="min-w-0 text-2xl font-bold tracking-tight break-words">
            {title}
          </h1>
          {children}
        </div>
      </div>
    </header>
  );
}

const BODY = "mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8";

/**
 * One job for the back office: where it stands, the actions its state allows the person (an admin
 * every move and Edit details; the job's pilot the flight and what follows it), what was delivered,
 * every change, and the thread with the customer.
 */
export function JobPanel({
  jobId,
  viewer,
  back,
  SiteMap,
  Candidates,
}: {
  jobId: number;
  viewer: PublicUser;
  back: ListAddress;
  SiteMap?: ComponentType<SiteMapWithFindingsProps>;
  Candidates?: ComponentType<{ jobId: number }>;
}) {
  // The page loads the job beside the session check (admin-job-page.tsx); alone, the panel loads it.
  const query = useJob(jobId, { reload: false });
  const admin = viewer.role === "admin";
  // The panel is drawn in a background render React splits into slices, as in RequireAuth.
  const shown = useDeferredValue(query.data);
  if (query.isPending || (query.isSuccess && !shown)) return <LoadingState label="Loading the job…" />;
  if (query.isError) {
    const missing = isMissingRecord(query.error);
    return (
      <section aria-labelledby="job-heading">
        <Heading title={missing ? "Job not found" : "The job could not be loaded"} back={back} />
        <div className={BODY}>
          <ErrorState>{missing ? "There is no job at this address that you may see." : query.error.message || "Failed to load the job"}</ErrorState>
        </div>
      </section>
    );
  }
  const job = shown ?? query.data;
  const actions = actionsFor(job, viewer);
  const editable = admin && job.status !== "closed" && job.status !== "cancelled";
  const flight = flightDetails(job);
  const mapProps = {
    headingId: "job-map-heading",
    actions: admin ? (
      <div className="flex flex-wrap items-start gap-2">
        <ImportSiteLayoutButton jobId={job.id} />
        <AddMapLayerButton job={job} />
      </div>
    ) : null,
    layerActions: admin ? (layer: MapLayer) => <DeleteMapLayerButton layer={layer} /> : undefined,
  };

  return (
    <section aria-labelledby="job-heading">
      <Heading title={job.title} back={back}>
        <JobStatusBadge status={job.status} />
      </Heading>
      <div className={cn(BODY, "grid gap-10 lg:grid-cols-2")}>
        <div className="min-w-0 space-y-8">
          {admin && !isSettled(job.status) ? <ComplianceWarnings jobId={job.id} /> : null}
          <Card className="space-y-5">
            <DetailList details={jobDetails(job, admin)} />
            {actions.length || admin ? (
              <div className="flex flex-wrap items-start justify-between gap-3">
                {actions.length ? (
                  <div role="group" aria-label="Job actions" className="flex flex-wrap gap-3">
                    {actions.map((action) => (
                      <JobActionButton key={action.label} job={job} action={action} admin={admin} />
                    ))}
                  </div>
                ) : null}
                {admin ? (
                  <div className="flex flex-wrap gap-3">
                    {editable ? <JobDetailsButton job={job} /> : null}
                    {/* Admins redraw the site at any time: a customer may only until the request is accepted. */}
                    <SiteBoundaryDialog job={job} jobQueryKey={adminJobKeys.all} photos />
                    {/* What a client's safety department asks for before the flight (docs/decisions/0068-operator-records.md). */}
                    <a href={`/api/admin/jobs/${job.id}/compliance.pdf`} download className={buttonVariants({ variant: "outline" })}>
                      Compliance packet
                    </a>
                  </div>
                ) : null}
              </div>
            ) : null}
            {admin && job.status === "requested" && job.quoteId !== null ? (
              <p className="text-sm text-muted-foreground">
                A quote request&apos;s job is accepted when its customer accepts the estimate sent under Billing, or by approving its quote, with a price, under{" "}
                <Link href="/admin-dashboard?tab=quotes" className="text-primary underline underline-offset-4">
                  Quotes
                </Link>
                .
              </p>
            ) : null}
          </Card>
          <DrawnLater>
            {admin ? (
              <Section id="job-billing-heading" title="Billing">
                <JobBilling job={job} />
              </Section>
            ) : null}
            {/* Ticked before the flight, kept with it (docs/decisions/0074-preflight-checklist.md). */}
            {job.status !== "requested" && job.status !== "accepted" && job.status !== "cancelled" ? (
              <Suspense fallback={<LoadingState label="Loading the checklist…" />}>
                <PreflightChecklistSection jobId={job.id} />
              </Suspense>
            ) : null}
            {flight.length ? (
              <Section id="job-flight-heading" title="Flight record">
                <div className="space-y-4">
                  <DetailList details={flight} />
                  {/* The admins and the job's pilot refine the record from the aircraft's own log. */}
                  {admin || job.pilotId === viewer.id ? <ImportFlightLogButton jobId={job.id} /> : null}
                </div>
              </Section>
            ) : null}
            <Section id="job-deliverables-heading" title="Deliverables">
              <div className="space-y-4">
                {/* Reports, media and map layers alike; the site map keeps its own Add map layer beside the layers it draws. */}
                {editable ? <UploadDeliverablesButton job={job} /> : null}
                <JobZipLink job={job} />
                {admin ? <ShareJobDialog job={job} /> : null}
                <JobDeliverables job={job} />
              </div>
            </Section>
            <InspectionReportSection job={job} />
            <Section id="job-documents-heading" title="Documents from the customer">
              <CustomerDocuments jobId={job.id} admin={admin} />
            </Section>
          </DrawnLater>
        </div>
        <DrawnLater>
          <Section id="job-history-heading" title="History">
            <ol aria-labelledby="job-history-heading" className="space-y-3">
              {job.events.map((event) => (
                <EventItem key={event.id} event={event} timeZone={job.timeZone} />
              ))}
            </ol>
          </Section>
          <div className="min-w-0 space-y-10 lg:col-span-2">
            {/* With the findings feature's pins and table when the app hands it in (not in a unit test). */}
            {SiteMap ? <SiteMap job={job} staff {...mapProps} /> : <SiteMapSection job={job} {...mapProps} />}
          </div>
          {admin && Candidates ? (
            <div className="min-w-0 lg:col-span-2">
              <Candidates jobId={job.id} />
            </div>
          ) : null}
          <div className="min-w-0 lg:col-span-2">
            <JobMessages jobId={job.id} userId={viewer.id} />
          </div>
        </DrawnLater>
      </div>
    </section>
  );
}
