import { apiRequest } from "@/lib/api";

/** PATCH /api/admin/media/{id}/gallery: the Media tab's Public/Private toggle and its gallery actions. */
export async function setGallery(id: number, isGalleryItem: boolean): Promise<void> {
  await apiRequest("PATCH", `/api/admin/media/${id}/gallery`, { isGalleryItem });
}
