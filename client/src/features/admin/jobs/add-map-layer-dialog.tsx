import type { Job } from "@common/contract/jobs";

/** The admin's "Add map layer": a GeoTIFF uploaded to the job, with its kind, title, capture date and bands. */
export function AddMapLayerDialog({ job }: { job: Pick<Job, "id"> }) {
  void job;
  return null;
}
