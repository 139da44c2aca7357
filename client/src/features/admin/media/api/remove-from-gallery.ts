import { apiRequest } from "@/lib/api";

/** PATCH /api/admin/media/{id}/gallery-status: the gallery manager's Remove from Gallery (docs/product.md §7). */
export async function removeFromGallery(id: number): Promise<void> {
  await apiRequest("PATCH", `/api/admin/media/${id}/gallery-status`, { isGalleryItem: false });
}
