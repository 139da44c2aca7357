import type { JobDetail } from "@common/contract/jobs";
import { DeleteDeliverableButton } from "../media/delete-deliverable-button";
import { RenameButton } from "../media/rename-button";

/**
 * A job's reports and media in the back office, each with Rename and Delete, so a wrong delivery is
 * corrected where it was made, without publishing it first.
 */
export function JobDeliverables({ job }: { job: JobDetail }) {
  const items = [
    ...job.reports.map((report) => ({ kind: "reports" as const, label: "Report", item: report })),
    ...job.media.map((item) => ({ kind: "media" as const, label: "Media", item })),
  ];
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nothing uploaded to this job yet.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {items.map(({ kind, label, item }) => (
        <li key={`${kind}-${item.id}`} className="flex flex-wrap items-center justify-between gap-2">
          <span className="min-w-0 break-words">
            <span className="hud-label text-muted-foreground">{label}</span> {item.title}
          </span>
          <span className="flex gap-2">
            <RenameButton kind={kind} item={item} />
            <DeleteDeliverableButton kind={kind} item={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}
