// How a site's area reads on screen. Plain code, without zod or turf, so a job's page that shows an
// area does not load them.

export interface SiteArea {
  areaM2: number;
  acres: number;
  hectares: number;
}

/** "12.35 acres (5.00 ha)", as every screen writes an area. */
export function formatSiteArea(area: SiteArea): string {
  return `${area.acres.toLocaleString("en-US", { maximumFractionDigits: 2 })} acres (${area.hectares.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ha)`;
}
