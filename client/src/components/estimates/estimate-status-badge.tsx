import { ESTIMATE_STATUS_LABELS, type EstimateStatus } from "@common/estimate-status";
import { STATUS_TONES } from "@/lib/status-tones";
import { Badge } from "@/components/ui/card";

const TONES: Record<EstimateStatus, keyof typeof STATUS_TONES> = {
  sent: "waiting",
  accepted: "good",
  changes_requested: "info",
  declined: "bad",
  expired: "quiet",
  superseded: "quiet",
};

/** An estimate revision's state as a badge, in the words of ESTIMATE_STATUS_LABELS. */
export function EstimateStatusBadge({ status }: { status: EstimateStatus }) {
  return <Badge className={STATUS_TONES[TONES[status]]}>{ESTIMATE_STATUS_LABELS[status]}</Badge>;
}
