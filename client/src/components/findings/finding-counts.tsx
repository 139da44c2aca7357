import { COUNTED_STATUSES, FINDING_STATUS_LABELS, type FindingCounts } from "@common/finding-status";

/**
 * How many findings are in each state, as one line of tallies (docs/product.md §2, Dashboard and
 * Job): on a job and on the customer's dashboard. States with none are left out; nothing at all
 * says so.
 */
export function FindingCountsLine({ counts, label }: { counts: FindingCounts; label: string }) {
  const shown = COUNTED_STATUSES.filter((status) => counts[status] > 0);
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {shown.length === 0 ? <li className="text-muted-foreground">No findings</li> : null}
      {shown.map((status) => (
        <li key={status}>
          <span className="font-semibold tabular-nums">{counts[status]}</span> {FINDING_STATUS_LABELS[status].toLowerCase()}
        </li>
      ))}
    </ul>
  );
}
