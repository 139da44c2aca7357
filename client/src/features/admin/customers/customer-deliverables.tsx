import type { CustomerDetail } from "@common/contract/customers";
import type { JobStatus } from "@common/job-status";
import { Badge } from "@/components/ui/card";
import { DownloadLink } from "@/components/ui/download-link";
import { formatDate, MEDIA_KIND_LABELS, mediaKind } from "@/lib/format";
import { STATUS_TONES } from "@/lib/status-tones";
import { DeleteDeliverableButton } from "../media/delete-deliverable-button";
import type { DeliverableKind } from "../media/api/deliverables";
import { RenameButton } from "../media/rename-button";
import { JobLink } from "./job-link";

/** A job publishes its deliverables to the customer when it is delivered (docs/product.md §10): until then they are held. */
const PUBLISHED_STATES: readonly JobStatus[] = ["delivered", "closed"];

interface Deliverable {
  key: string;
  /** Which admin calls rename and delete it. */
  calls: DeliverableKind;
  id: number;
  kind: string;
  title: string;
  description: string;
  fileUrl: string;
  createdAt: string;
  jobId: number | null;
}

/** The customer's reports and media, newest first, each with its job, Rename and Delete; what the customer cannot see yet is marked. */
export function CustomerDeliverables({ customer }: { customer: CustomerDetail }) {
  const items: Deliverable[] = [
    ...customer.reports.map((report) => ({ ...report, key: `report-${report.id}`, calls: "reports" as const, kind: "Report" })),
    ...customer.media.map((item) => ({ ...item, key: `media-${item.id}`, calls: "media" as const, kind: MEDIA_KIND_LABELS[mediaKind(item.fileType)] })),
  ].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  if (!items.length) return <p className="text-muted-foreground">No reports or media yet.</p>;

  return (
    <ul className="divide-y rounded-lg border bg-card/80">
      {items.map((item) => {
        const job = item.jobId === null ? undefined : customer.jobs.find((candidate) => candidate.id === item.jobId);
        const held = job !== undefined && !PUBLISHED_STATES.includes(job.status);
        return (
          <li key={item.key} className="flex flex-wrap items-center justify-between gap-4 px-4 py-3">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="hud-label text-muted-foreground">{item.kind}</span>
                <span className="font-semibold break-words">{item.title}</span>
                {held ? <Badge className={STATUS_TONES.waiting}>Held until delivery</Badge> : null}
              </p>
              <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
                {job ? <JobLink job={job} /> : <span>Outside a job</span>}
                <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <DownloadLink fileUrl={item.fileUrl} title={item.title} />
              <RenameButton kind={item.calls} item={item} />
              <DeleteDeliverableButton kind={item.calls} item={item} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
