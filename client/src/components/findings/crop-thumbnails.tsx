import type { Finding } from "@common/contract/findings";

/**
 * A finding's crops of the job's layers as small pictures beside its line (docs/decisions/0073-finding-crops.md),
 * so a candidate is judged, and a list scanned, by what the layers show; the detail shows them whole.
 */
export function CropThumbnails({ finding }: { finding: Pick<Finding, "images"> }) {
  const crops = finding.images.filter((image) => image.kind !== "photo");
  if (crops.length === 0) return null;
  return (
    <span className="flex gap-1">
      {crops.map((image) => (
        <img
          key={image.url}
          src={image.url}
          alt={image.title}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          loading="lazy"
          // After the map's layers and pins: a list of findings asks many at once beside the map.
          fetchPriority="low"
          decoding="async"
          className="h-16 w-auto rounded border bg-white"
        />
      ))}
    </span>
  );
}
