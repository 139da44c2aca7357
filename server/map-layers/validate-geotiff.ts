import type { MapLayerFields } from "@common/map-layers";
import type { Storage } from "../storage/storage";

/**
 * Reads a stored upload's TIFF header by Range (never the whole file) and refuses, with a
 * DomainError("invalid") naming `file`, what processing could only fail on: not a TIFF, truncated,
 * no georeference, or bands that do not match the kind. Answers the band count.
 */
export async function validateGeoTiff(storage: Storage, key: string, size: number, fields: Pick<MapLayerFields, "kind" | "bands">): Promise<{ bandCount: number }> {
  void storage;
  void key;
  void size;
  void fields;
  throw new Error("validateGeoTiff: not yet written");
}
