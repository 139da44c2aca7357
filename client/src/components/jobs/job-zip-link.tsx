import { FolderDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { JobFileItem } from "@common/contract/job-download";
import type { JobDetail } from "@common/contract/jobs";
import { type JobFileRef, jobDownloadUrl } from "@common/job-download";
import { buttonVariants } from "@/components/ui/button";
import { useJobFiles } from "@/api/job-files";

const keyOf = (ref: Pick<JobFileRef, "kind" | "id">): string => `${ref.kind}:${ref.id}`;

/** Each kind's group, in the ZIP's order, with the words its checkboxes are named by ("Select report Thermal"). */
const GROUPS: { kind: JobFileItem["kind"]; legend: string; noun: string }[] = [
  { kind: "report", legend: "Reports", noun: "report" },
  { kind: "media", legend: "Photos and videos", noun: "media" },
  { kind: "layer", legend: "Map layers (originals)", noun: "map layer" },
  { kind: "document", legend: "Documents", noun: "document" },
  { kind: "findings", legend: "Findings", noun: "the" },
];

const refOf = (file: JobFileItem): JobFileRef => (file.kind === "findings" ? { kind: "findings", id: "csv" } : { kind: file.kind, id: file.id });

/** A checkbox that can show "some" as well as "all" and "none": the select-all box. */
function SelectAll({ id, checked, mixed, onChange }: { id: string; checked: boolean; mixed: boolean; onChange: (on: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <div className="flex items-center gap-2 font-semibold">
      <input
        ref={box}
        id={id}
        type="checkbox"
        className="size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>Select all</label>
    </div>
  );
}

/** The job's files as the ZIP holds them, each with a checkbox, and the link to a ZIP of the ones ticked. */
function FileChoice({ jobId, files }: { jobId: number; files: JobFileItem[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const baseId = useId();
  // Kept in the ZIP's order whatever order they were ticked in, and only files still listed.
  const picked = files.filter((file) => chosen.includes(keyOf(file)));
  const toggle = (key: string, on: boolean) => setChosen((current) => (on ? [...current, key] : current.filter((other) => other !== key)));
  return (
    <fieldset className="mt-3 space-y-3">
      <legend className="sr-only">Files to download</legend>
      <SelectAll
        id={`${baseId}-all`}
        checked={picked.length === files.length}
        mixed={picked.length > 0 && picked.length < files.length}
        onChange={(on) => setChosen(on ? files.map(keyOf) : [])}
      />
      {GROUPS.map(({ kind, legend, noun }) => {
        const group = files.filter((file) => file.kind === kind);
        if (!group.length) return null;
        return (
          <fieldset key={kind} className="space-y-2">
            <legend className="text-muted-foreground">{legend}</legend>
            <ul className="space-y-2">
              {group.map((file) => {
                const id = `${baseId}-${keyOf(file)}`;
                return (
                  <li key={id} className="flex items-start gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={chosen.includes(keyOf(file))}
                      onChange={(event) => toggle(keyOf(file), event.target.checked)}
                    />
                    <label htmlFor={id} className="min-w-0 break-words">
                      <span className="sr-only">{`Select ${noun} `}</span>
                      {file.title}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {picked.length ? (
        <a href={jobDownloadUrl(jobId, picked.map(refOf))} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <FolderDown aria-hidden />
          {`Download selected (${picked.length})`}
        </a>
      ) : (
        <p className="text-muted-foreground">Tick the files to put in the ZIP.</p>
      )}
    </fieldset>
  );
}

/** "Choose files to download": the job's files are asked for when it opens. */
function DownloadSelected({ jobId }: { jobId: number }) {
  const [open, setOpen] = useState(false);
  const files = useJobFiles(jobId, open);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline">Choose files to download</summary>
      {files.isError ? (
        <p role="alert" className="mt-3 text-destructive">
          {`The job's files could not be listed: ${files.error.message}`}
        </p>
      ) : !files.data ? (
        open ? (
          <p role="status" className="mt-3 text-muted-foreground">
            Listing the job&apos;s files…
          </p>
        ) : null
      ) : files.data.length ? (
        <FileChoice jobId={jobId} files={files.data} />
      ) : (
        <p className="mt-3 text-muted-foreground">This job has no files to download yet.</p>
      )}
    </details>
  );
}

/**
 * "Download all": the job's reports, media, map layers' originals, documents and findings' CSV as
 * one ZIP (docs/decisions/0031-job-zip-downloads.md), and "Download selected" for any of them.
 * Plain links, so the browser streams the archive to disk itself, however large, with its own
 * progress.
 */
export function JobZipLink({ job }: { job: Pick<JobDetail, "id"> }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <a href={jobDownloadUrl(job.id)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <FolderDown aria-hidden />
          Download all<span className="sr-only"> files of this job</span>
        </a>
        <span className="text-sm text-muted-foreground">Reports, media, map layers, documents and the findings (CSV) in one ZIP file</span>
      </div>
      <DownloadSelected jobId={job.id} />
    </div>
  );
}
