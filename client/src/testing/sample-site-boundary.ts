import type { SiteBoundary } from "@common/site-boundary";

/**
 * A drawn site for component tests: a square of `side` degrees whose south-west corner is
 * `[longitude, latitude]`, as a closed GeoJSON ring. Each test names the corner its figures assume.
 */
export function squareBoundary([longitude, latitude]: [number, number], side = 0.002): SiteBoundary {
  const east = Math.round((longitude + side) * 1e6) / 1e6;
  const north = Math.round((latitude + side) * 1e6) / 1e6;
  return {
    type: "Polygon",
    coordinates: [
      [
        [longitude, latitude],
        [east, latitude],
        [east, north],
        [longitude, north],
        [longitude, latitude],
      ],
    ],
  };
}
