import { CalendarPlus, ClipboardList, FileSignature, FileText, MapPin, Receipt } from "lucide-react";
import { usePrefetchQuery } from "@tanstack/react-query";
import type { JobDetail } from "@common/contract/jobs";
import { formatSiteArea } from "@common/site-area";
import { SiteBoundaryDialog } from "@/components/site-map/boundary-button";
import { type ComponentType, useDeferredValue } from "react";
import { CustomerPaymentsTable } from "@/components/billing/customer-payments-table";
import { JobAmountsList } from "@/components/billing/job-amounts";
import { JobMessages } from "@/components/jobs/job-messages";
import { JobStatusBadge } from "@/components/jobs/job-status-badge";
import { JobZipLink } from "@/components/jobs/job-zip-link";
import { MediaCard } from "@/components/media/media-card";
import { ReportCard } from "@/components/media/report-card";
import { CustomerQuoteCard } from "@/components/quotes/customer-quote-card";
import { ShareJobDialog } from "@/components/share-links/share-button";
import { SiteMapSection, type SiteMapWithFindingsProps, preloadViewer, usePreloadSiteMap } from "@/components/site-map/site-map-section";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DetailList } from "@/components/ui/detail-list";
import { DrawnLater } from "@/components/ui/drawn-later";
import { CardList } from "@/components/ui/list-panel";
import { PageHeading } from "@/components/ui/page-heading";
import { BackLink, PageSection } from "@/components/ui/page-section";
import { LoadingState, RecordPageError } from "@/components/ui/panel-states";
import { WaitingForYou } from "@/components/waiting/waiting-for-you";
import { isMissingRecord } from "@/lib/api";
import { RequireAuth } from "@/components/require-auth";
import { formatWindow } from "@/lib/job-window";
import { SHOW_JOBS_STATE } from "@/lib/show-my-quotes";
import { jobKeys } from "@/api/jobs";
import { jobLayersQuery } from "@/api/map-layers";
import { useWaiting } from "@/api/waiting";
import { useRouteId } from "@/lib/route-id";
import { fetchForScreen, withQueries } from "@/lib/with-queries";
import { jobQuery, useJob } from "./api/get-job";
import { CaseStudyConsentCard } from "./case-study-consent";
import { YourDocuments } from "./documents/your-documents";
import { JobEstimate, JobInvoices } from "./job-billing";
import { JobTimeline } from "./job-timeline";

function BackToJobs() {
  return (
    <BackLink href="/dashboard" state={SHOW_JOBS_STATE}>
      All your jobs
    </BackLink>
  );
}

/** The flight window in the site's time zone, with the .ics file a calendar app adds. */
function FlightWindow({ job }: { job: JobDetail }) {
  if (!job.scheduledStart || !job.scheduledEnd) {
    return <p className="text-muted-foreground">Not scheduled yet. We agree the flight window with you once the job is accepted.</p>;
  }
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4">
      <div className="space-y-1">
        <p className="text-lg font-semibold">{formatWindow(job.scheduledStart, job.scheduledEnd, job.timeZone)}</p>
        <p className="text-sm text-muted-foreground">
          Times at the site ({job.timeZone}){job.pilotName ? `, flown by ${job.pilotName}` : ""}
        </p>
      </div>
      <a href={`/api/jobs/${job.id}/calendar.ics`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
        <CalendarPlus aria-hidden />
        Add to calendar
      </a>
    </Card>
  );
}

/** Where the site is, its boundary as drawn, and, while the request is open, drawing or redrawing it. */
function Site({ job }: { job: JobDetail }) {
  const { site } = job;
  const coordinates = site.latitude !== null && site.longitude !== null ? `${site.latitude}, ${site.longitude}` : null;
  const details = [
    { term: "Name", value: site.name || "Not set yet" },
    { term: "Address", value: site.address || "Not set yet" },
    ...(coordinates ? [{ term: "Coordinates", value: coordinates }] : []),
  ];
  return (
    <div className="space-y-4">
      <DetailList details={details} />
      {job.siteArea ? <p className="font-semibold">{`Site boundary: ${formatSiteArea(job.siteArea)}`}</p> : null}
      {job.status === "requested" ? <SiteBoundaryDialog job={job} jobQueryKey={jobKeys.all} /> : null}
    </div>
  );
}

function Deliverables({ job }: { job: JobDetail }) {
  if (!job.reports.length && !job.media.length) {
    return <p className="text-muted-foreground">Nothing yet. Your reports and media appear here when the job is delivered.</p>;
  }
  return (
    <div className="space-y-6">
      {job.reports.length ? <CardList items={job.reports}>{(report) => <ReportCard report={report} />}</CardList> : null}
      {job.media.length ? (
        <CardList items={job.media} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {(item) => <MediaCard item={item} />}
        </CardList>
      ) : null}
    </div>
  );
}

/** The findings feature's site map with the job's findings and their table, handed in by the app; without it (a unit test), the site map alone. */
type SiteMapProp = { SiteMap?: ComponentType<SiteMapWithFindingsProps> | undefined };

/** What waits for the customer on this job (GET /api/waiting?jobId=), above everything else; nothing when nothing waits. */
function JobWaiting({ jobId }: { jobId: number }) {
  const waiting = useWaiting(jobId);
  return <WaitingForYou items={waiting.data} showJob={false} className="lg:col-span-2" />;
}

function Job({ job, userId, SiteMap }: { job: JobDetail; userId: number } & SiteMapProp) {
  return (
    <>
      <PageHeading eyebrow="// Job" title={job.title}>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <JobStatusBadge status={job.status} />
            {job.serviceName}
          </p>
          <BackToJobs />
        </div>
      </PageHeading>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:px-8">
        <JobWaiting jobId={job.id} />
        <JobTimeline job={job} />
        {/* The rest after the heading and the timeline have painted, as on the back office's job page. */}
        <DrawnLater>
          <div className="space-y-12">
            <PageSection id="window-heading" title="Flight window" icon={<CalendarPlus />}>
              <FlightWindow job={job} />
            </PageSection>
            <PageSection id="site-heading" title="Site" icon={<MapPin />}>
              <Site job={job} />
            </PageSection>
          </div>
          <div className="min-w-0 space-y-12 lg:col-span-2">
            {SiteMap ? <SiteMap job={job} staff={false} headingId="map-heading" /> : <SiteMapSection job={job} headingId="map-heading" />}
          </div>
          <div className="lg:col-span-2">
            <PageSection id="deliverables-heading" title="Deliverables" icon={<FileText />}>
              <div className="space-y-6">
                <JobZipLink job={job} />
                <ShareJobDialog job={job} />
                <Deliverables job={job} />
              </div>
            </PageSection>
          </div>
          {job.status === "delivered" || job.status === "closed" ? (
            <div className="lg:col-span-2">
              <CaseStudyConsentCard jobId={job.id} />
            </div>
          ) : null}
          <div className="lg:col-span-2">
            <YourDocuments job={job} userId={userId} />
          </div>
          <PageSection id="estimate-heading" title="Estimate" icon={<FileSignature />}>
            <JobEstimate jobId={job.id} />
          </PageSection>
          <PageSection id="quote-heading" title="Quote" icon={<ClipboardList />}>
            {job.quote ? <CustomerQuoteCard quote={job.quote} /> : <p className="text-muted-foreground">This job has no quote.</p>}
          </PageSection>
          <div className="lg:col-span-2">
            <PageSection id="invoices-heading" title="Invoices" icon={<FileText />}>
              <JobInvoices jobId={job.id} />
            </PageSection>
          </div>
          <div className="lg:col-span-2">
            <PageSection id="payments-heading" title="Payments" icon={<Receipt />}>
              {/* The job's payments towards its quote, its estimate's deposit and its invoices, and what they come to, as the server lists and sums them. */}
              <div className="space-y-6">
                <JobAmountsList amounts={job.amounts} />
                {job.payments.length ? (
                  <CustomerPaymentsTable rows={job.payments} caption="The payments of this job, newest first" />
                ) : (
                  <p className="text-muted-foreground">No payments for this job yet.</p>
                )}
              </div>
            </PageSection>
          </div>
          <div className="lg:col-span-2">
            <JobMessages jobId={job.id} userId={userId} />
          </div>
        </DrawnLater>
      </div>
    </>
  );
}

function JobLoader({ id, userId, SiteMap }: { id: number; userId: number } & SiteMapProp) {
  const job = useJob(id);
  // The page is drawn in a background render React splits into slices, as in RequireAuth.
  const data = useDeferredValue(job.data);
  if (job.isPending || (job.isSuccess && !data)) return <LoadingState label="Loading the job…" />;
  if (job.isError) {
    const missing = isMissingRecord(job.error);
    return (
      <RecordPageError eyebrow="// Job" title={missing ? "Job not found" : "The job could not be loaded"} back={<BackToJobs />}>
        {missing ? "There is no job at this address in your account. It may belong to another account." : "Please try again later."}
      </RecordPageError>
    );
  }
  return <Job job={data ?? job.data} userId={userId} SiteMap={SiteMap} />;
}

/** /dashboard/jobs/:id: where one of the customer's jobs stands, its deliverables, estimate, invoices, payments and messages; visitors go to /login. */
function JobPage({ SiteMap }: SiteMapProp) {
  const id = useRouteId();
  // The job and its map layers load beside the session check, not one after another: the map's
  // first view waits for all three (docs/decisions/0027-map-layers.md, "The first view waits for
  // nothing in turn"). The server refuses them to anyone it must.
  usePrefetchQuery(jobQuery(id));
  usePreloadSiteMap(id);
  return <RequireAuth>{(user) => <JobLoader id={id} userId={user.id} SiteMap={SiteMap} />}</RequireAuth>;
}

export default withQueries(JobPage);

/**
 * Opened at its address (app/screen.ts `prepare`): the map's layers, and its code when one can be
 * drawn, load beside the app's first render rather than after it (the back office's job page, at its
 * script budget, starts them from its first render).
 */
export function prepare(pathname: string): void {
  const id = /^\/dashboard\/jobs\/(\d{1,10})$/.exec(pathname)?.[1];
  if (id)
    fetchForScreen(jobLayersQuery(Number(id)))
      .then((answer) => preloadViewer(answer.data))
      .catch(() => undefined);
}
