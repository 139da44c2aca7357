/** Files are never public by path: each is served by id with an ownership check (docs/architecture.md §4). */
export const reportFileUrl = (id: number): string => `/api/reports/${id}/file`;
export const mediaFileUrl = (id: number): string => `/api/media/${id}/file`;

/**
 * Images get WebP copies at IMAGE_WIDTHS (480 px unless `?w=` asks for another), each made on first
 * request and kept in storage; other types have none.
 */
export const thumbnailUrl = (item: { id: number; fileType: string }): string | null =>
  item.fileType.startsWith("image/") ? `/api/media/${item.id}/thumbnail` : null;

/** A video's poster frame, once the poster task made one; null otherwise (the browser shows the generic poster). */
export const posterUrl = (item: { id: number; posterKey: string | null }): string | null => (item.posterKey === null ? null : `/api/media/${item.id}/poster`);
