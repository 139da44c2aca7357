import { ClipboardCheck, FileDown, MapPinPlus, Plus, Upload } from "lucide-react";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import type { Finding } from "@common/contract/findings";
import { COUNTED_STATUSES, CUSTOMER_VISIBLE_STATUSES } from "@common/finding-status";
import { FindingCountsLine } from "@/components/findings/finding-counts";
import type { MapPick } from "@/components/site-map/findings-layer";
import { SiteMapSection, type SiteMapWithFindingsProps } from "@/components/site-map/site-map-section";
import { Button, buttonVariants } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { useJobFindings } from "./api/get-findings";
import { FindingDetail } from "./finding-detail";
import { FindingFilterBar } from "./finding-filter-bar";
import { filterFindings, type FindingSort, NO_FILTER, sortFindings } from "./finding-filters";
import { FindingForm } from "./finding-form";
import type { PlacedPoint } from "./finding-form-state";
import { FindingsList } from "./findings-table";
import { useShowOnMap } from "./show-on-map";
import { useNarrowScreen } from "./use-narrow-screen";

const NONE: Finding[] = [];

/** What the panel beside the table shows: a finding, the form of a new one (placed on the map or not), or one being edited. */
type Side = { kind: "new"; point: PlacedPoint | null } | { kind: "edit"; findingId: number } | null;

const EXPORTS = [
  { extension: "csv", label: "CSV" },
  { extension: "geojson", label: "GeoJSON" },
  { extension: "kml", label: "KML" },
] as const;

/** The customer sees a job's deliverables, findings included, once it is delivered (server/jobs/read-jobs.ts isPublishedState). */
const isPublished = (status: string) => status === "delivered" || status === "closed";

function Exports({ jobId }: { jobId: number }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Download the findings:</span>
      {EXPORTS.map(({ extension, label }) => (
        <a key={extension} href={`/api/jobs/${jobId}/findings.${extension}`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <FileDown aria-hidden />
          {label}
        </a>
      ))}
    </p>
  );
}

/**
 * A job's site map with its findings on it (docs/decisions/0035-findings-in-the-browser.md), and
 * below it their table: filter, sort and search; choosing a finding in the table or its pin on the
 * map marks it in both and opens its detail. The business adds findings by hand, by placing them on
 * the (thermal) map, or by import, and verifies or dismisses them; the customer marks repairs. On a
 * phone the table is a list.
 */
export function SiteMapWithFindings({ job, staff, ...siteMap }: SiteMapWithFindingsProps) {
  const waiting = !staff && !isPublished(job.status);
  const query = useJobFindings(job.id, !waiting);
  const all = query.data?.data;
  const [filter, setFilter] = useState(NO_FILTER);
  const [sort, setSort] = useState<FindingSort>({ key: "id", descending: false });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [side, setSide] = useState<Side>(null);
  const [picking, setPicking] = useState(false);
  // Asked from outside the list ("Show on map" of a candidate, which the list leaves out): drawn while chosen.
  const [asked, setAsked] = useState<{ finding: Finding; id: number } | null>(null);
  const narrow = useNarrowScreen();
  const { headingId } = siteMap;

  // The filter bar shows each choice and key at once; the list and the map's pins follow in a
  // background render React can interrupt, so a filter or a search key paints in one frame.
  const listFilter = useDeferredValue(filter);
  const shown = useMemo(() => sortFindings(filterFindings(all ?? [], listFilter), sort), [all, listFilter, sort]);
  const classes = useMemo(() => [...new Set((all ?? []).map((finding) => finding.class))], [all]);
  const selected = all?.find((finding) => finding.id === selectedId) ?? null;
  const editing = side?.kind === "edit" ? all?.find((finding) => finding.id === side.findingId) : undefined;

  // Closed, a finding's detail gives focus back to what chose it (its number in the list, the map, a
  // candidate's "Show on map"), which scrolls back to it.
  const chooser = useRef<HTMLElement | null>(null);
  // Stable, so the list (memo) is not drawn again when only the filter bar changes.
  const select = useCallback((id: number) => {
    setSelectedId(id);
    setSide(null);
    chooser.current = document.activeElement as HTMLElement | null;
  }, []);
  // Chosen in the list or on the map: its detail, beside the table (kept in sight as the table
  // scrolls) or on a phone below the whole list, is brought into view when it is out of sight.
  const panelRef = useRef<HTMLDivElement>(null);
  const choose = useCallback(
    (id: number) => {
      select(id);
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ block: "nearest" }));
    },
    [select],
  );
  useShowOnMap(
    useCallback(
      (finding: Finding) => {
        select(finding.id);
        setAsked({ finding, id: finding.id });
        // The panel asking may be far below the map.
        document.getElementById(headingId)?.scrollIntoView({ block: "start" });
      },
      [select, headingId],
    ),
  );
  const extra = asked && asked.id === selectedId && !all?.some((finding) => finding.id === asked.id) ? asked.finding : null;
  const pins = useMemo(() => (extra ? [...(all ?? NONE), extra] : (all ?? NONE)), [all, extra]);
  const visible = useMemo(() => new Set([...shown.map((finding) => finding.id), ...(extra ? [extra.id] : [])]), [shown, extra]);
  const overlay = useMemo(
    () => ({
      pins,
      visible,
      selectedId,
      focus: asked,
      onSelect: choose,
      picking,
      onPick: (pick: MapPick) => {
        setPicking(false);
        setSelectedId(null);
        setSide({ kind: "new", point: pick });
      },
      onCancelPick: () => setPicking(false),
    }),
    [pins, visible, selectedId, asked, picking, choose],
  );
  const done = (finding: Finding | null) => {
    setSide(null);
    if (finding) setSelectedId(finding.id);
  };

  let body;
  if (waiting) body = <p className="text-muted-foreground">The inspection&apos;s findings appear here once the job is delivered.</p>;
  else if (query.isPending) body = <LoadingState label="Loading the findings…" />;
  else if (query.isError) body = <ErrorState>The findings could not be loaded. Please try again later.</ErrorState>;
  else {
    const sidePanel =
      side?.kind === "new" ? (
        <FindingForm key={JSON.stringify(side.point)} jobId={job.id} media={job.media} point={side.point} onDone={done} />
      ) : editing ? (
        <FindingForm key={editing.id} jobId={job.id} media={job.media} finding={editing} onDone={done} />
      ) : selected ? (
        <FindingDetail
          finding={selected}
          staff={staff}
          onClose={() => {
            setSelectedId(null);
            chooser.current?.focus();
          }}
          edit={
            staff ? (
              <Button type="button" variant="outline" size="sm" onClick={() => setSide({ kind: "edit", findingId: selected.id })}>
                Edit
              </Button>
            ) : undefined
          }
        />
      ) : null;
    body = (
      <div className="space-y-4">
        <FindingCountsLine counts={query.data.counts} label="Findings by state" />
        {all?.length ? <Exports jobId={job.id} /> : null}
        {all?.length ? (
          <FindingFilterBar filter={filter} onChange={setFilter} classes={classes} statuses={staff ? COUNTED_STATUSES : CUSTOMER_VISIBLE_STATUSES} />
        ) : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
          <div className="min-w-0 space-y-2">
            {all?.length ? (
              <>
                <p role="status" className="text-sm text-muted-foreground">{`${shown.length} of ${all.length} findings`}</p>
                <FindingsList findings={shown} sort={sort} onSort={setSort} selectedId={selectedId} onSelect={choose} narrow={narrow} />
              </>
            ) : (
              <p className="text-muted-foreground">
                {staff ? "No findings yet. Add one by hand, place one on the map, or import a file." : "No findings on this job."}
              </p>
            )}
          </div>
          <div ref={panelRef} className="beside-list min-w-0">
            {sidePanel}
          </div>
        </div>
      </div>
    );
  }

  return (
    <>
      <SiteMapSection job={job} {...siteMap} findings={overlay} />
      <section aria-labelledby="findings-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="findings-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight [&_svg]:size-6 [&_svg]:text-primary">
            <ClipboardCheck aria-hidden />
            Findings
          </h2>
          {staff ? (
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" onClick={() => (setSelectedId(null), setSide({ kind: "new", point: null }))}>
                <Plus aria-hidden />
                Add finding
              </Button>
              <Button type="button" size="sm" variant={picking ? "default" : "outline"} aria-pressed={picking} onClick={() => setPicking((on) => !on)}>
                <MapPinPlus aria-hidden />
                Add on map
              </Button>
              <Link href={`/admin-dashboard/jobs/${job.id}/findings/import`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Upload aria-hidden />
                Import findings
              </Link>
            </div>
          ) : null}
        </div>
        {body}
      </section>
    </>
  );
}
