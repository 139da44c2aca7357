import { Briefcase } from "lucide-react";
import { Link } from "wouter";
import { jobPath, useJobs } from "@/api/jobs";

/**
 * The job an item belongs to, as a link to its page: found by the item's job, or by its quote (a
 * quote and its payments belong to the job the quote opened). Nothing for work outside a job.
 */
export function JobTag({ jobId = null, quoteId = null }: { jobId?: number | null; quoteId?: number | null }) {
  const jobs = useJobs();
  const job = jobs.data?.find((candidate) => (jobId !== null && candidate.id === jobId) || (quoteId !== null && candidate.quoteId === quoteId));
  if (!job) return null;
  return (
    <Link href={jobPath(job.id)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
      <Briefcase aria-hidden className="size-3.5" />
      Job: {job.title}
    </Link>
  );
}
