import { useQuery } from "@tanstack/react-query";
import { Map as MapIcon } from "lucide-react";
import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from "react";
import type { Job, JobDetail } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";
import type { LayoutFeature } from "@common/site-layout";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { useUser } from "@/api/session";
import { jobLayersQuery, useJobLayers } from "@/api/map-layers";
import { useSiteLayout } from "@/api/site-layout";
import type { FindingsOverlay } from "./findings-layer";
import { LayerPanel } from "./layer-panel";
import { activeLayer, isDrawable, useLayerViews } from "./layer-state";
import type { SiteMapViewerProps, ZoomRequest } from "./site-map-viewer";
import { MapPlaceholder, ViewerFrame } from "./viewer-frame";

// OpenLayers and geotiff.js load with the map only: never on the public pages, nor on a job page with nothing to map.
let loadedViewer: ComponentType<SiteMapViewerProps> | undefined;
const loadViewer = () => import("./site-map-viewer").then((module) => (loadedViewer = module.default));

/**
 * The viewer once its code is here, else undefined (and whether loading it failed). Not React.lazy:
 * a Suspense boundary holds back content that arrives soon after its fallback (about 300 ms), which
 * would cost the map's first view that long.
 */
function useViewer(): { Viewer: ComponentType<SiteMapViewerProps> | undefined; failed: boolean } {
  const [Viewer, setViewer] = useState(() => loadedViewer);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Viewer) return;
    let mounted = true;
    loadViewer().then(
      (loaded) => mounted && setViewer(() => loaded),
      () => mounted && setFailed(true),
    );
    return () => {
      mounted = false;
    };
  }, [Viewer]);
  return { Viewer, failed };
}

/**
 * For the job's page, from its first render: loads the job's map layers beside the session check
 * rather than after the job, and the viewer's code as soon as one of them can be drawn. The map's
 * first view waits for neither (docs/decisions/0027-map-layers.md, "The first view waits for
 * nothing in turn").
 */
export function usePreloadSiteMap(jobId: number): void {
  // Read once, never polled: the section's own list polls while a layer is being processed.
  const { data } = useQuery({ ...jobLayersQuery(jobId), select: (answer) => answer.data });
  useEffect(() => data && preloadViewer(data), [data]);
}

/**
 * The viewer's code, once one of the job's layers can be drawn: from the job page's first render
 * (usePreloadSiteMap), or before it (features/jobs/job-page.tsx `prepare`).
 */
export function preloadViewer(layers: readonly MapLayer[]): void {
  if (layers.some(isDrawable)) void loadViewer().catch(() => undefined);
}

function SiteMapFrame(props: SiteMapViewerProps) {
  const { Viewer, failed } = useViewer();
  if (Viewer) return <Viewer {...props} />;
  return (
    <ViewerFrame aside={props.aside}>{failed ? <ErrorState>The map could not be loaded. Please reload the page.</ErrorState> : <MapPlaceholder />}</ViewerFrame>
  );
}

export interface SiteMapSectionProps {
  job: Pick<Job, "id" | "title" | "status" | "siteBoundary" | "siteArea">;
  /** The section heading's id (each page names its own). */
  headingId: string;
  /** Shown beside the heading: the admin's "Add map layer". */
  actions?: ReactNode;
  /** Shown on each layer's row: the admin's delete. */
  layerActions?: (layer: MapLayer) => ReactNode;
  /** The job's findings as pins on the map, and what choosing one or a point does. */
  findings?: FindingsOverlay;
}

/**
 * The site map of a job page with the job's findings on it and their table (features/findings),
 * handed in to the job pages by the app, as features do not import each other.
 */
export type SiteMapWithFindingsProps = Omit<SiteMapSectionProps, "job" | "findings"> & { job: JobDetail; staff: boolean };

const NO_FEATURES: LayoutFeature[] = [];

/** A job whose deliverables its customer may see (server/jobs/read-jobs.ts isPublishedState). */
const isPublished = (status: Job["status"]) => status === "delivered" || status === "closed";

interface SiteMapProps {
  job: Pick<Job, "title" | "siteBoundary">;
  layers: MapLayer[];
  layerActions?: SiteMapSectionProps["layerActions"];
  findings?: SiteMapSectionProps["findings"];
  /** What an empty list says. */
  emptyText: string;
  /** Each layer's Original and COG links; a view-only share link offers none. */
  files?: boolean;
  /** The business's own view: it is told when no base map is configured. */
  owner?: boolean;
  /** The site's layout, drawn as outlines. */
  layout?: SiteMapViewerProps["layout"];
}

/** The map of the layers given and the boundary, with the layer panel beside it: the job's section, or a share link's page. */
export function SiteMap({ job, layers, layerActions, findings, emptyText, files = true, owner = false, layout }: SiteMapProps) {
  const state = useLayerViews(layers);
  const drawable = useMemo(() => layers.filter(isDrawable), [layers]);
  const active = activeLayer(layers, state.views);
  const [zoomTo, setZoomTo] = useState<ZoomRequest | null>(null);
  // Zooming to a layer shows it, whether or not it was ticked.
  const onZoom = (layer: MapLayer) => {
    state.setVisible(layer, true);
    setZoomTo({ layerId: layer.id, count: (zoomTo?.count ?? 0) + 1 });
  };
  const panel = <LayerPanel layers={layers} state={state} active={active} emptyText={emptyText} layerActions={layerActions} files={files} onZoom={onZoom} />;
  if (!drawable.length && !job.siteBoundary && !findings?.pins.length && !findings?.picking && !layout?.length) {
    // Nothing to draw yet: what is being processed, or that there is nothing.
    return <div className="space-y-6">{panel}</div>;
  }
  return (
    <SiteMapFrame
      jobTitle={job.title}
      layers={drawable}
      views={state.views}
      active={active}
      boundary={job.siteBoundary}
      aside={panel}
      findings={findings}
      zoomTo={zoomTo}
      owner={owner}
      layout={layout}
    />
  );
}

/**
 * The job's "Site map" section (docs/decisions/0027-map-layers.md): its layers on an interactive
 * map, with their list, style and legend; layers still being processed show where they stand. The
 * customer sees layers once the job is delivered.
 */
export function SiteMapSection({ job, headingId, actions, layerActions, findings }: SiteMapSectionProps) {
  const layers = useJobLayers(job.id);
  const siteLayout = useSiteLayout(job.id);
  const [layoutShown, setLayoutShown] = useState(true);
  const layoutFeatures = siteLayout.data?.features ?? NO_FEATURES;
  const { data: user } = useUser();
  const waitingForDelivery = user?.role === "customer" && !isPublished(job.status);
  let body: ReactNode;
  if (layers.isPending) body = <LoadingState label="Loading the map layers…" />;
  else if (layers.isError) body = <ErrorState>The map layers could not be loaded. Please try again later.</ErrorState>;
  else {
    const emptyText = waitingForDelivery ? "Your map layers appear here once the job is delivered." : "No map layers yet.";
    body = (
      <SiteMap
        job={job}
        layers={layers.data}
        layerActions={layerActions}
        findings={findings}
        emptyText={emptyText}
        owner={user?.role === "admin"}
        layout={layoutShown ? layoutFeatures : null}
      />
    );
  }
  return (
    // Not named by its heading, unlike the page's other sections: a region called "Site map" is the map itself.
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-2xl font-bold tracking-tight [&_svg]:size-6 [&_svg]:text-primary">
          <MapIcon aria-hidden />
          Site map
        </h2>
        {actions}
      </div>
      {layoutFeatures.length ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={layoutShown} onChange={(event) => setLayoutShown(event.target.checked)} />
          {`Show the site layout (${layoutFeatures.length.toLocaleString("en-US")} ${layoutFeatures.length === 1 ? "polygon" : "polygons"}${siteLayout.data?.name ? `, from ${siteLayout.data.name}` : ""})`}
        </label>
      ) : null}
      {body}
    </section>
  );
}
