import { apiRequest } from "@/lib/api";

/** DELETE /api/admin/media/{id}: the row and its stored file. */
export async function deleteMedia(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/media/${id}`);
}
