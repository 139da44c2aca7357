import { JOB_STATUS_LABELS, type JobStatus } from "@common/job-status";
import { Badge } from "@/components/ui/card";
import { STATUS_TONES } from "@/lib/status-tones";

const TONES: Record<JobStatus, keyof typeof STATUS_TONES> = {
  requested: "waiting",
  accepted: "info",
  scheduled: "info",
  flown: "info",
  processing: "info",
  delivered: "good",
  closed: "quiet",
  cancelled: "bad",
};

/** A job's state as a badge, coloured by what it asks of the business. */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge className={STATUS_TONES[TONES[status]]}>{JOB_STATUS_LABELS[status]}</Badge>;
}
