import type { SharedFinding } from "@common/contract/share-links";
import { FINDING_STATUS_LABELS } from "@common/finding-status";
import { cn } from "@/lib/utils";
import { CropThumbnails } from "@/components/findings/crop-thumbnails";

/**
 * The findings a link shares (as the job's customer sees them: never a candidate or a dismissed
 * one, decided on the server): what, where on the array, how bad and where the repair stands, with
 * its crops of the job's layers as the customer's list shows them (at the link's own addresses).
 * Choosing one selects its pin on the map, and a pin chosen on the map marks its row.
 */
export function SharedFindings({
  findings,
  selectedId,
  onSelect,
}: {
  findings: readonly SharedFinding[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  if (!findings.length) return <p className="text-muted-foreground">No findings are shared.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="hud-label text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Finding
            </th>
            <th scope="col" className="py-2 pr-4">
              Severity
            </th>
            <th scope="col" className="py-2 pr-4">
              Locator
            </th>
            <th scope="col" className="py-2 pr-4">
              State
            </th>
            <th scope="col" className="py-2">
              Note
            </th>
          </tr>
        </thead>
        <tbody>
          {findings.map((finding) => (
            <tr
              key={finding.id}
              className={cn("border-t border-border", finding.id === selectedId && "bg-primary/10")}
              data-selected={finding.id === selectedId || undefined}
            >
              <th scope="row" className="py-2 pr-4 font-medium">
                <span className="flex flex-col items-start gap-1">
                  <button type="button" className="text-left underline-offset-4 hover:underline" onClick={() => onSelect(finding.id)}>
                    {finding.title}
                  </button>
                  <CropThumbnails finding={finding} />
                </span>
              </th>
              <td className="py-2 pr-4">
                {/* In words: the pins carry the colours; this page loads none of the findings feature's code (e2e/budget.spec.ts). */}
                <span className="capitalize">{finding.severity}</span>
              </td>
              <td className="py-2 pr-4">{finding.locator || "—"}</td>
              <td className="py-2 pr-4">{FINDING_STATUS_LABELS[finding.status]}</td>
              <td className="py-2">{finding.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
