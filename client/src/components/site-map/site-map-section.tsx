import type { ReactNode } from "react";
import type { Job } from "@common/contract/jobs";
import type { MapLayer } from "@common/contract/map-layers";

export interface SiteMapSectionProps {
  job: Pick<Job, "id" | "status" | "siteBoundary" | "siteArea">;
  /** The section heading's id (each page names its own). */
  headingId: string;
  /** Shown beside the heading: the admin's "Add map layer". */
  actions?: ReactNode;
  /** Shown on each layer's row: the admin's delete. */
  layerActions?: (layer: MapLayer) => ReactNode;
}

/** The job's "Site map" section: its layers on an interactive map (issue 17). */
export function SiteMapSection({ headingId }: SiteMapSectionProps) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Site map</h2>
    </section>
  );
}
