import { fromFile } from "geotiff";
import { detectionMessages } from "@common/finding-detection";
import { DomainError } from "../domain-errors";
import type { ThermalRaster } from "./hot-spot-detector";

// WGS84's semi-major axis: Web Mercator's sphere.
const EARTH_RADIUS = 6_378_137;
const WEB_MERCATOR = 3857;

/** A processed thermal layer opened for reading: its pixels by windows, and where each pixel lies. */
export interface ThermalCog extends ThermalRaster {
  /** The WGS84 longitude and latitude of a pixel's centre. */
  lonLatOf(column: number, row: number): { lon: number; lat: number };
  close(): Promise<void>;
}

/**
 * Opens a layer's COG with geotiff.js. Processing warps every layer to Web Mercator
 * (server/map-layers/process-layer.ts), so a pixel's place is the COG's origin and resolution, then
 * the inverse Mercator; a file in another CRS is refused rather than placed wrongly. Reads go to the
 * full-resolution image tile by tile: only the tiles under a window are read and decoded.
 */
export async function openThermalCog(file: string): Promise<ThermalCog> {
  const tiff = await fromFile(file);
  try {
    const image = await tiff.getImage(0);
    const keys = image.getGeoKeys() as { ProjectedCSTypeGeoKey?: number } | null;
    if (keys?.ProjectedCSTypeGeoKey !== WEB_MERCATOR) throw new DomainError("invalid", detectionMessages.notEpsg3857);
    const [originX, originY] = image.getOrigin() as [number, number];
    const [resolutionX, resolutionY] = image.getResolution() as [number, number];
    return {
      width: image.getWidth(),
      height: image.getHeight(),
      noData: image.getGDALNoData(),
      async read(window) {
        const [band] = await image.readRasters({ window, samples: [0], interleave: false });
        return band as ArrayLike<number>;
      },
      lonLatOf(column, row) {
        const x = originX + (column + 0.5) * resolutionX;
        const y = originY + (row + 0.5) * resolutionY;
        return { lon: (x / EARTH_RADIUS) * (180 / Math.PI), lat: (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI) };
      },
      async close() {
        await tiff.close();
      },
    };
  } catch (error) {
    await tiff.close();
    throw error;
  }
}
