// The gallery's categories (docs/product.md §2, Gallery): the rules of a category's name and of
// assigning items to one, for the back office's forms and the API alike.
import { z } from "zod";
import { oneLine } from "./one-line";
import { idMessage, MAX_ID } from "./validation";

export const galleryCategoryMessages = {
  name: "Name the category",
  nameLong: "Keep the name under 60 characters",
  nameTaken: "Another category has this name",
  nameWithoutLetters: "Use letters or digits in the name",
  notFound: "Category not found",
  categoryId: "categoryId must be a category's id, or null for none",
  ids: "Choose between 1 and 500 gallery items",
  someMissing: "Some of the chosen media no longer exist",
} as const;

/** The address form of a name ("Solar & Wind" → "solar-wind"): what ?category= carries. */
export function categorySlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

const name = oneLine("The name")
  .min(1, galleryCategoryMessages.name)
  .max(60, galleryCategoryMessages.nameLong)
  .refine((value) => value === "" || categorySlug(value) !== "", galleryCategoryMessages.nameWithoutLetters);

/** POST /api/admin/gallery-categories, PATCH /api/admin/gallery-categories/:id: its name; the slug follows it. */
export const galleryCategoryInputSchema = z.object({ name });

/** POST /api/admin/gallery-categories/:id/move. */
export const galleryCategoryMoveSchema = z.object({ direction: z.enum(["up", "down"], { message: "Move up or down" }) });

const categoryId = z
  .number({ message: galleryCategoryMessages.categoryId })
  .int(galleryCategoryMessages.categoryId)
  .positive(galleryCategoryMessages.categoryId)
  .max(MAX_ID, galleryCategoryMessages.categoryId)
  .nullable();
const mediaId = z
  .number({ message: idMessage("ids") })
  .int(idMessage("ids"))
  .positive(idMessage("ids"))
  .max(MAX_ID, idMessage("ids"));

/** PATCH /api/admin/media/:id/category: one item's category, or null for none. */
export const mediaCategorySchema = z.object({ categoryId });

/** POST /api/admin/media/category: the gallery manager's bulk action, many items at once. */
export const mediaCategoryBulkSchema = z.object({
  ids: z.array(mediaId, { message: galleryCategoryMessages.ids }).min(1, galleryCategoryMessages.ids).max(500, galleryCategoryMessages.ids),
  categoryId,
});
export type MediaCategoryBulk = z.input<typeof mediaCategoryBulkSchema>;

/** GET /api/gallery?category=: one category's items; none or empty: all of them. Other keys pass through untouched, as before it had a query. */
export const galleryQuerySchema = z.looseObject({ category: z.string().max(60, "category is a category's slug").optional() });
