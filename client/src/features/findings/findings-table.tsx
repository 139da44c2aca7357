import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { memo, useState } from "react";
import type { Finding } from "@common/contract/findings";
import { FINDING_CLASS_LABELS, FINDING_STATUS_LABELS } from "@common/findings";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { FindingSort, SortKey } from "./finding-filters";
import { SeverityBadge } from "./severity-badge";
import { CropThumbnails } from "@/components/findings/crop-thumbnails";

/** Rows drawn at a time: a thousand findings filter within a frame, and the next hundred are a press away. */
const FINDINGS_PAGE = 100;

interface FindingsListProps {
  /** Filtered and sorted. */
  findings: readonly Finding[];
  sort: FindingSort;
  onSort: (sort: FindingSort) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** A phone's width: a list of cards rather than a table. */
  narrow: boolean;
}

const COLUMNS: { key: SortKey; header: string; className?: string }[] = [
  { key: "id", header: "Finding" },
  { key: "class", header: "Class" },
  { key: "severity", header: "Severity" },
  { key: "status", header: "State" },
  { key: "deltaT", header: "ΔT", className: "text-right" },
  { key: "locator", header: "Locator" },
];

export const formatDeltaT = (deltaT: number | null) => (deltaT === null ? "—" : `${deltaT.toFixed(1)} °C`);

function SortHeader({ column, sort, onSort }: { column: (typeof COLUMNS)[number]; sort: FindingSort; onSort: FindingsListProps["onSort"] }) {
  const active = sort.key === column.key;
  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  return (
    <th scope="col" aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined} className={cn("px-3 py-2 font-semibold", column.className)}>
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-primary"
        onClick={() => onSort({ key: column.key, descending: active ? !sort.descending : column.key === "severity" || column.key === "deltaT" })}
      >
        {column.header}
        <Icon aria-hidden className="size-3.5" />
      </button>
    </th>
  );
}

/** The button that names a finding and chooses it: in the table's first cell, on top of a card. */
function ChooseButton({ finding, selected, onSelect }: { finding: Finding; selected: boolean; onSelect: (id: number) => void }) {
  return (
    <button
      type="button"
      aria-current={selected ? "true" : undefined}
      className="font-semibold text-primary underline-offset-4 hover:underline"
      onClick={() => onSelect(finding.id)}
    >
      {`#${finding.id}`}
    </button>
  );
}

/**
 * The findings as a table with sortable columns, or on a phone as a list; choosing one (its
 * number) shows it on the map and opens its detail. The chosen one is marked in either.
 */
export const FindingsList = memo(function FindingsList({ findings, sort, onSort, selectedId, onSelect, narrow }: FindingsListProps) {
  const [shown, setShown] = useState(FINDINGS_PAGE);
  const rows = findings.slice(0, shown);
  const more = findings.length - rows.length;
  const rest =
    more > 0 ? (
      <Button type="button" variant="outline" size="sm" onClick={() => setShown((count) => count + FINDINGS_PAGE)}>
        {`Show ${Math.min(more, FINDINGS_PAGE)} more of ${more}`}
      </Button>
    ) : null;
  if (narrow) {
    return (
      <div className="space-y-3">
        <ul aria-label="Findings" className="space-y-2">
          {rows.map((finding) => (
            <li key={finding.id} className={cn("rounded-md border p-3", finding.id === selectedId && "border-primary bg-primary/10")}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <ChooseButton finding={finding} selected={finding.id === selectedId} onSelect={onSelect} />
                <SeverityBadge severity={finding.severity} />
              </div>
              <p className="mt-1 text-sm">{`${FINDING_CLASS_LABELS[finding.class]} · ${FINDING_STATUS_LABELS[finding.status]} · ΔT ${formatDeltaT(finding.deltaT)}`}</p>
              {finding.locator ? <p className="text-sm break-words text-muted-foreground">{finding.locator}</p> : null}
              <CropThumbnails finding={finding} />
            </li>
          ))}
        </ul>
        {rest}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The job&apos;s findings; choose one by its number to see it on the map and open its detail</caption>
          <thead className="border-b bg-muted/40">
            <tr>
              {COLUMNS.map((column) => (
                <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((finding) => (
              <tr key={finding.id} className={cn("border-b last:border-b-0", finding.id === selectedId && "bg-primary/15")}>
                <th scope="row" className="px-3 py-2">
                  <span className="flex items-center gap-2">
                    <ChooseButton finding={finding} selected={finding.id === selectedId} onSelect={onSelect} />
                    <CropThumbnails finding={finding} />
                  </span>
                </th>
                <td className="px-3 py-2">{FINDING_CLASS_LABELS[finding.class]}</td>
                <td className="px-3 py-2">
                  <SeverityBadge severity={finding.severity} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{FINDING_STATUS_LABELS[finding.status]}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatDeltaT(finding.deltaT)}</td>
                <td className="max-w-48 px-3 py-2 break-words">{finding.locator || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rest}
    </div>
  );
});
