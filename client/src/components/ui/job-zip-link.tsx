import { FolderDown } from "lucide-react";
import { useId, useState } from "react";
import type { JobDetail } from "@common/contract/jobs";
import { type JobFileRef, jobDownloadUrl } from "@common/job-download";
import { buttonVariants } from "@/components/ui/button";

const sameRef = (a: JobFileRef, b: JobFileRef): boolean => a.kind === b.kind && a.id === b.id;

/** Checkboxes for the job's reports and media, and the link to a ZIP of the ones ticked. */
function DownloadSelected({ job }: { job: Pick<JobDetail, "id" | "reports" | "media"> }) {
  const [chosen, setChosen] = useState<JobFileRef[]>([]);
  const baseId = useId();
  const files = [
    ...job.reports.map((report) => ({ ref: { kind: "report" as const, id: report.id }, label: `Report: ${report.title}` })),
    ...job.media.map((item) => ({ ref: { kind: "media" as const, id: item.id }, label: `Media: ${item.title}` })),
  ];
  const toggle = (ref: JobFileRef, on: boolean) => setChosen((current) => (on ? [...current, ref] : current.filter((other) => !sameRef(other, ref))));
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline">Choose files to download</summary>
      <fieldset className="mt-3 space-y-3">
        <legend className="sr-only">Files to download</legend>
        <ul className="space-y-2">
          {files.map(({ ref, label }) => {
            const id = `${baseId}-${ref.kind}-${ref.id}`;
            return (
              <li key={id} className="flex items-start gap-2">
                <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" checked={chosen.some((other) => sameRef(other, ref))} onChange={(event) => toggle(ref, event.target.checked)} />
                <label htmlFor={id} className="min-w-0 break-words">
                  {label}
                </label>
              </li>
            );
          })}
        </ul>
        {chosen.length ? (
          <a href={jobDownloadUrl(job.id, chosen)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <FolderDown aria-hidden />
            {`Download selected (${chosen.length})`}
          </a>
        ) : (
          <p className="text-muted-foreground">Tick the files to put in the ZIP.</p>
        )}
      </fieldset>
    </details>
  );
}

/**
 * "Download all": the job's reports, media, map layers' originals, documents and findings' CSV as one ZIP (issue 19),
 * and "Download selected" for some of its reports and media. Plain links, so the browser streams
 * the archive to disk itself, however large, with its own progress.
 */
export function JobZipLink({ job }: { job: Pick<JobDetail, "id" | "reports" | "media"> }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <a href={jobDownloadUrl(job.id)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <FolderDown aria-hidden />
          Download all<span className="sr-only"> files of this job</span>
        </a>
        <span className="text-sm text-muted-foreground">Reports, media, map layers, documents and the findings (CSV) in one ZIP file</span>
      </div>
      {job.reports.length + job.media.length > 1 ? <DownloadSelected job={job} /> : null}
    </div>
  );
}
