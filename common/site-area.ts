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

/** An acre in square metres (the international acre). */
export const ACRE_M2 = 4046.8564224;

/** A boundary larger than this is not a drone site (1,000 km², about 247,000 acres): refused while it is drawn and when it is stored. */
export const SITE_MAX_AREA_M2 = 1_000_000_000;

/** Why a boundary that large is refused, its area in the units every screen writes. */
export const siteTooLargeMessage = (area: SiteArea): string =>
  `The boundary would be ${formatSiteArea(area)}, larger than 1,000 km² (${(SITE_MAX_AREA_M2 / ACRE_M2).toLocaleString("en-US", { maximumFractionDigits: 0 })} acres): draw the site itself`;
