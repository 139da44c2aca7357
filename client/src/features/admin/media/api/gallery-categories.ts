import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GalleryCategory, MediaItem } from "@common/contract/media";
import type { MediaCategoryBulk } from "@common/gallery-categories";
import { adminMediaKeys, galleryCategoryKeys, galleryKeys } from "@/api/media";
import { type Answer, send } from "@/lib/api";
import { useListQuery } from "@/lib/list-query";

type Written<T> = { success: true; message: string; data: T };

/** GET /api/admin/gallery-categories: every category, in order, with its item count. */
export const useGalleryCategoryList = () => useListQuery<GalleryCategory>(galleryCategoryKeys.all);

/** A write to the categories or to items' categories: the categories, the media lists and the public gallery reload after each. */
function useCategoryWrite<Input, Out>(write: (input: Input) => Promise<Answer<Out>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all(
        [galleryCategoryKeys.all, adminMediaKeys.all, galleryKeys.all, galleryKeys.categories].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** POST /api/admin/gallery-categories. */
export const useAddGalleryCategory = () =>
  useCategoryWrite((name: string) => send<Written<GalleryCategory>>("POST", "/api/admin/gallery-categories", { body: { name } }));

/** PATCH /api/admin/gallery-categories/:id. */
export const useRenameGalleryCategory = () =>
  useCategoryWrite(({ id, name }: { id: number; name: string }) =>
    send<Written<GalleryCategory>>("PATCH", `/api/admin/gallery-categories/${id}`, { body: { name } }),
  );

/** POST /api/admin/gallery-categories/:id/move. */
export const useMoveGalleryCategory = () =>
  useCategoryWrite(({ id, direction }: { id: number; direction: "up" | "down" }) =>
    send<Written<GalleryCategory[]>>("POST", `/api/admin/gallery-categories/${id}/move`, { body: { direction } }),
  );

/** DELETE /api/admin/gallery-categories/:id. */
export const useDeleteGalleryCategory = () =>
  useCategoryWrite((id: number) => send<{ success: true; message: string }>("DELETE", `/api/admin/gallery-categories/${id}`));

/** PATCH /api/admin/media/:id/category. */
export const useSetMediaCategory = () =>
  useCategoryWrite(({ id, categoryId }: { id: number; categoryId: number | null }) =>
    send<Written<MediaItem>>("PATCH", `/api/admin/media/${id}/category`, { body: { categoryId } }),
  );

/** POST /api/admin/media/category: many items at once. */
export const useSetMediaCategories = () =>
  useCategoryWrite((input: MediaCategoryBulk) => send<Written<{ updated: number }>>("POST", "/api/admin/media/category", { body: input }));
