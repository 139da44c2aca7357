import { Clock, FileText, FolderDown, Images, Link2Off, MapPin, ShieldCheck } from "lucide-react";
import { useMemo, useState } from "react";
import { useParams } from "wouter";
import type { SharedJob } from "@common/contract/share-links";
import { ReportCard } from "@/components/media/report-card";
import type { FindingsOverlay } from "@/components/site-map/findings-layer";
import { SiteMap } from "@/components/site-map/site-map-section";
import { buttonVariants } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { PageSection } from "@/components/ui/page-section";
import { LoadingState } from "@/components/ui/panel-states";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { withQueries } from "@/lib/with-queries";
import { useShare } from "./api/get-share";
import { PinForm } from "./pin-form";
import { SharedFindings } from "./shared-findings";
import { SharedGallery } from "./shared-gallery";

type Shared = Extract<SharedJob, { locked: false }>;

/** The compliance packet an admin shared, and the scanned copies it names (docs/decisions/0075-scanned-copies.md). */
function SharedPacket({ packet, downloads }: { packet: NonNullable<Shared["compliancePacket"]>; downloads: boolean }) {
  const link = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <div className="space-y-3">
      <p className="text-muted-foreground">
        The pilot's certificates, the aircraft, the insurance in force on the flight day and the flight, as the records stand now.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={packet.url} target="_blank" rel="noreferrer" className={link}>
          View the compliance packet
        </a>
        {downloads ? (
          <a href={`${packet.url}?download=1`} className={link}>
            Download the compliance packet (PDF)
          </a>
        ) : null}
      </div>
      {packet.copies.length ? (
        <ul className="space-y-1 text-sm">
          {packet.copies.map((copy) => (
            <li key={copy.id} className="break-words">
              {copy.record}: scanned copy{" "}
              <a href={copy.url} target="_blank" rel="noreferrer" className="text-primary underline underline-offset-2">
                {copy.name}
              </a>
              {downloads ? (
                <>
                  {" · "}
                  <a href={`${copy.url}?download=1`} className="text-primary underline underline-offset-2">
                    download<span className="sr-only"> {copy.name}</span>
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No scanned copy is on file for the records it names.</p>
      )}
    </div>
  );
}

function SharedReports({ reports }: { reports: Shared["reports"] }) {
  if (!reports.length) return <p className="text-muted-foreground">No reports are shared.</p>;
  return (
    <ul className="space-y-4">
      {reports.map((report) => (
        <li key={report.id}>
          <ReportCard
            report={report}
            download={Boolean(report.downloadUrl)}
            actions={
              <a href={report.fileUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline", size: "sm" })}>
                View<span className="sr-only"> {report.title}</span>
              </a>
            }
          />
        </li>
      ))}
    </ul>
  );
}

const ignore = () => undefined;

function SharedContent({ share }: { share: Shared }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The shared findings as pins: read only, nothing is placed on a recipient's map.
  const overlay = useMemo<FindingsOverlay | undefined>(() => {
    if (!share.findings?.length) return undefined;
    const visible = new Set(share.findings.map((finding) => finding.id));
    return { pins: share.findings, visible, selectedId, onSelect: setSelectedId, picking: false, onPick: ignore, onCancelPick: ignore };
  }, [share.findings, selectedId]);
  return (
    <>
      <PageHeading eyebrow="// Shared with you" title={share.title}>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="flex items-center gap-2 text-muted-foreground">
            <Clock aria-hidden className="size-4" />
            {`${share.siteName ? `${share.siteName} · ` : ""}Link valid until ${formatDateTime(share.expiresAt)}`}
            {share.allowDownload ? "" : " · view only"}
          </p>
          {share.zipUrl ? (
            <a href={share.zipUrl} download className={buttonVariants({ size: "sm" })}>
              <FolderDown aria-hidden />
              Download all<span className="sr-only"> shared files as one ZIP</span>
            </a>
          ) : null}
        </div>
      </PageHeading>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        {share.showMap ? (
          <section aria-labelledby="shared-map-heading" className="min-w-0 space-y-4">
            <h2 id="shared-map-heading" className="text-2xl font-bold tracking-tight">
              Site map
            </h2>
            <SiteMap job={share} layers={share.layers} findings={overlay} emptyText="No map layers are shared." files={share.allowDownload} />
          </section>
        ) : null}
        {share.findings ? (
          <PageSection id="shared-findings-heading" title="Findings" icon={<MapPin />}>
            <SharedFindings findings={share.findings} selectedId={selectedId} onSelect={setSelectedId} />
          </PageSection>
        ) : null}
        {share.compliancePacket ? (
          <PageSection id="shared-packet-heading" title="Compliance packet" icon={<ShieldCheck />}>
            <SharedPacket packet={share.compliancePacket} downloads={share.allowDownload} />
          </PageSection>
        ) : null}
        <PageSection id="shared-media-heading" title="Photos and videos" icon={<Images />}>
          <SharedGallery items={share.media} />
        </PageSection>
        <PageSection id="shared-reports-heading" title="Reports" icon={<FileText />}>
          <SharedReports reports={share.reports} />
        </PageSection>
      </div>
    </>
  );
}

/** Why the link opens nothing, in words: expired or revoked (410), not found (404), or the server's trouble. */
function ShareUnavailable({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : null;
  const title = status === 410 ? "This link no longer works" : status === 404 ? "Link not found" : "The shared files could not be loaded";
  const text = status === 410 || status === 404 ? (error as ApiError).message : "Please try again later.";
  return (
    <>
      <PageHeading eyebrow="// Shared with you" title={title} />
      <div className="mx-auto flex max-w-3xl items-start gap-3 px-4 py-10 text-lg sm:px-6 lg:px-8">
        <Link2Off aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
        <p>{text}</p>
      </div>
    </>
  );
}

/** /share/:token: a job's deliverables shared by link, for someone without an account (docs/decisions/0034-share-links.md). */
function SharePage() {
  const { token = "" } = useParams<{ token: string }>();
  const share = useShare(token);
  if (share.isPending) return <LoadingState label="Loading the shared files…" />;
  if (share.isError) return <ShareUnavailable error={share.error} />;
  if (share.data.locked) {
    return (
      <>
        <PageHeading eyebrow="// Shared with you" title="Shared files" />
        <div className="px-4 py-10 sm:px-6 lg:px-8">
          <PinForm token={token} />
        </div>
      </>
    );
  }
  return <SharedContent share={share.data} />;
}

export default withQueries(SharePage);
