import { X } from "lucide-react";
import type { ReactNode } from "react";
import type { Finding } from "@common/contract/findings";
import { FINDING_CLASS_LABELS, FINDING_STATUS_LABELS } from "@common/findings";
import { Button } from "@/components/ui/button";
import { type Detail, DetailList } from "@/components/ui/detail-list";
import { formatDateTime } from "@/lib/format";
import { FindingMoves } from "./finding-moves";
import { formatDeltaT } from "./findings-table";
import { SeverityBadge } from "./severity-badge";

const celsius = (value: number | null) => (value === null ? null : `${value.toFixed(1)} °C`);

function findingDetails(finding: Finding): Detail[] {
  const details: (Detail | null)[] = [
    { term: "Class", value: FINDING_CLASS_LABELS[finding.class] },
    { term: "Severity", value: <SeverityBadge severity={finding.severity} /> },
    finding.severityReason ? { term: "Severity set because", value: finding.severityReason } : null,
    { term: "State", value: FINDING_STATUS_LABELS[finding.status] },
    finding.dismissReason ? { term: "Dismissed because", value: finding.dismissReason } : null,
    { term: "Location", value: `${finding.lat.toFixed(6)}, ${finding.lon.toFixed(6)}${finding.polygon ? " (an area)" : ""}` },
    finding.locator ? { term: "Locator", value: finding.locator } : null,
    finding.maxTemp !== null ? { term: "Max temperature", value: celsius(finding.maxTemp) } : null,
    finding.refTemp !== null ? { term: "Reference temperature", value: celsius(finding.refTemp) } : null,
    finding.deltaT !== null ? { term: "ΔT", value: formatDeltaT(finding.deltaT) } : null,
    finding.indexValue !== null ? { term: "Index value", value: finding.indexValue.toFixed(3) } : null,
    finding.powerLoss !== null ? { term: "Estimated power loss", value: `${finding.powerLoss} kW` } : null,
  ];
  return details.filter((detail): detail is Detail => detail !== null);
}

function History({ finding }: { finding: Finding }) {
  return (
    <ol aria-label="History" className="space-y-2">
      {finding.history.map((event) => (
        <li key={event.id} className="border-l-2 border-primary/50 pl-3 text-sm">
          <p className="font-semibold">
            {event.from
              ? `${FINDING_STATUS_LABELS[event.from]} → ${FINDING_STATUS_LABELS[event.to]}`
              : `Added as ${FINDING_STATUS_LABELS[event.to].toLowerCase()}`}
            {event.from === event.to && event.fields.length ? ` · changed ${event.fields.join(", ")}` : ""}
          </p>
          <p className="text-muted-foreground">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            {event.byName ? ` · ${event.byName}` : ""}
          </p>
          {event.note ? <p className="break-words">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

interface FindingDetailProps {
  finding: Finding;
  staff: boolean;
  onClose: () => void;
  /** The staff's Edit, beside the heading. */
  edit?: ReactNode;
}

/**
 * A finding's evidence: its crops of the job's thermal layer (with the scale drawn under it) and
 * orthomosaic, whole, then the photos attached; and plainly, the layers that do not cover it.
 */
function FindingImages({ finding }: { finding: Finding }) {
  if (finding.images.length === 0 && finding.outsideLayers.length === 0) return null;
  return (
    <section aria-label="Images" className="space-y-2">
      {finding.images.length ? (
        <ul className="grid grid-cols-2 gap-2">
          {finding.images.map((image) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noreferrer" className="block space-y-1 text-sm text-primary underline-offset-4 hover:underline">
                <img
                  src={image.url}
                  alt={image.title}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  loading="lazy"
                  className={image.kind === "photo" ? "aspect-[4/3] w-full rounded border object-cover" : "h-auto w-full rounded border bg-white"}
                />
                <span className="break-words">{image.title}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {finding.outsideLayers.length ? (
        <p className="text-sm text-muted-foreground">{`No crop: the finding lies outside ${finding.outsideLayers.join(" and ")}.`}</p>
      ) : null}
    </section>
  );
}

/** One finding: its data, its images (from the job's media), its history, and the moves the person may make. */
export function FindingDetail({ finding, staff, onClose, edit }: FindingDetailProps) {
  const headingId = `finding-${finding.id}-heading`;
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold">{`Finding #${finding.id}`}</h3>
        <div className="flex gap-2">
          {edit}
          <Button type="button" variant="ghost" size="sm" onClick={onClose} aria-label="Close the finding">
            <X aria-hidden />
          </Button>
        </div>
      </div>
      <DetailList details={findingDetails(finding)} />
      {finding.note ? <p className="text-sm break-words whitespace-pre-line">{finding.note}</p> : null}
      <FindingImages finding={finding} />
      <FindingMoves key={finding.id} finding={finding} staff={staff} />
      <section aria-label="Changes" className="space-y-2">
        <h4 className="hud-label text-muted-foreground">History</h4>
        <History finding={finding} />
      </section>
    </article>
  );
}
