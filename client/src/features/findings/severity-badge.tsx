import { FINDING_SEVERITY_LABELS, type FindingSeverity } from "@common/findings";
import { SEVERITY_COLOURS } from "@/components/site-map/severity-colours";

/** The severity in words beside a dot of the colour its pin has on the map. */
export function SeverityBadge({ severity }: { severity: FindingSeverity }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden className="size-3 shrink-0 rounded-full border border-slate-900" style={{ backgroundColor: SEVERITY_COLOURS[severity] }} />
      {FINDING_SEVERITY_LABELS[severity]}
    </span>
  );
}
