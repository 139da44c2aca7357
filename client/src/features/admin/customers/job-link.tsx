import { Briefcase } from "lucide-react";
import { Link } from "wouter";
import { adminJobPath } from "./links";

/** "Job: title", a link to the job's back-office page: what an item of the customer's page belongs to. */
export function JobLink({ job }: { job: { id: number; title: string } }) {
  return (
    <Link href={adminJobPath(job.id)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
      <Briefcase aria-hidden className="size-3.5 shrink-0" />
      Job: {job.title}
    </Link>
  );
}
