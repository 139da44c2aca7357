import { FolderDown } from "lucide-react";
import { jobDownloadUrl } from "@common/job-download";
import { buttonVariants } from "@/components/ui/button";

/**
 * "Download all": the job's reports, media, map layers' originals and documents as one ZIP (issue 19).
 * A plain link, so the browser streams the archive to disk itself, however large, with its own progress.
 */
export function JobZipLink({ jobId }: { jobId: number }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a href={jobDownloadUrl(jobId)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
        <FolderDown aria-hidden />
        Download all<span className="sr-only"> files of this job</span>
      </a>
      <span className="text-sm text-muted-foreground">Reports, media, map layers and documents in one ZIP file</span>
    </div>
  );
}
