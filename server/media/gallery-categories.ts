import { and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import { categorySlug, galleryCategoryMessages } from "@common/gallery-categories";
import type { Database } from "../db/client";
import { galleryCategories, media } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { DomainError } from "../domain-errors";
import { galleryItem, publicMedia } from "./public-rows";

// The gallery's categories (docs/product.md §2, Gallery): the back office names and orders them and
// puts items in them; the public gallery's chips list those with a public item and filter by slug.

type CategoryRow = typeof galleryCategories.$inferSelect;

const ORDER = [asc(galleryCategories.position), asc(galleryCategories.id)] as const;

const adminCategory = (row: CategoryRow, items: number) => ({ id: row.id, name: row.name, slug: row.slug, position: row.position, items });

const nameTaken = () => new DomainError("invalid", galleryCategoryMessages.nameTaken, { name: galleryCategoryMessages.nameTaken });

/** Every category, in the gallery's order, with how many media items it holds. */
export async function allGalleryCategories(db: Database) {
  const rows = await db
    .select({ category: galleryCategories, items: count(media.id) })
    .from(galleryCategories)
    .leftJoin(media, eq(media.categoryId, galleryCategories.id))
    .groupBy(galleryCategories.id)
    .orderBy(...ORDER);
  return rows.map(({ category, items }) => adminCategory(category, items));
}

async function categoryWithCount(db: Database, row: CategoryRow) {
  const [counted] = await db.select({ items: count() }).from(media).where(eq(media.categoryId, row.id));
  return adminCategory(row, counted?.items ?? 0);
}

/** A new category, last in the order; two names with one slug ("Solar" and "solar") would share an address, so the second is refused. */
export async function addGalleryCategory(db: Database, name: string) {
  try {
    const [created] = await db
      .insert(galleryCategories)
      .values({ name, slug: categorySlug(name), position: sql`(select coalesce(max(${galleryCategories.position}), -1) + 1 from ${galleryCategories})` })
      .returning();
    return adminCategory(created!, 0);
  } catch (error) {
    if (isUniqueViolation(error, "gallery_categories_slug_idx")) throw nameTaken();
    throw error;
  }
}

/** A new name, and the slug with it: a link shared with the old slug then shows the whole gallery. */
export async function renameGalleryCategory(db: Database, id: number, name: string) {
  let updated: CategoryRow | undefined;
  try {
    [updated] = await db
      .update(galleryCategories)
      .set({ name, slug: categorySlug(name) })
      .where(eq(galleryCategories.id, id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, "gallery_categories_slug_idx")) throw nameTaken();
    throw error;
  }
  if (!updated) throw new DomainError("not-found", galleryCategoryMessages.notFound);
  return categoryWithCount(db, updated);
}

/** Moves a category one place up or down; the order is renumbered from 0. */
export async function moveGalleryCategory(db: Database, id: number, direction: "up" | "down") {
  await db.transaction(async (tx) => {
    // Locked in order, so two admins moving at once each start from the other's result.
    const rows = await tx
      .select()
      .from(galleryCategories)
      .orderBy(...ORDER)
      .for("update");
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) throw new DomainError("not-found", galleryCategoryMessages.notFound);
    const to = Math.min(Math.max(from + (direction === "up" ? -1 : 1), 0), rows.length - 1);
    const [row] = rows.splice(from, 1);
    rows.splice(to, 0, row!);
    for (const [position, each] of rows.entries()) {
      if (each.position !== position) await tx.update(galleryCategories).set({ position }).where(eq(galleryCategories.id, each.id));
    }
  });
  return allGalleryCategories(db);
}

/** Deletes a category; its items stay in the gallery, without one (the column's ON DELETE SET NULL). */
export async function deleteGalleryCategory(db: Database, id: number): Promise<void> {
  const [deleted] = await db.delete(galleryCategories).where(eq(galleryCategories.id, id)).returning({ id: galleryCategories.id });
  if (!deleted) throw new DomainError("not-found", galleryCategoryMessages.notFound);
}

/** A category that is not there is the caller's mistake in a field, not a missing page: 400 naming categoryId. */
async function requireCategory(db: Database, categoryId: number | null) {
  if (categoryId === null) return;
  const [found] = await db.select({ id: galleryCategories.id }).from(galleryCategories).where(eq(galleryCategories.id, categoryId));
  if (!found) throw new DomainError("invalid", galleryCategoryMessages.notFound, { categoryId: galleryCategoryMessages.notFound });
}

/** Puts one media item in a category, or in none. */
export async function setMediaCategory(db: Database, id: number, categoryId: number | null, notFound: string) {
  await requireCategory(db, categoryId);
  const [updated] = await db.update(media).set({ categoryId }).where(eq(media.id, id)).returning();
  if (!updated) throw new DomainError("not-found", notFound);
  return publicMedia(updated);
}

/** Puts many media items in a category at once; all or none: an id that is gone refuses the lot. */
export async function setMediaCategories(db: Database, ids: readonly number[], categoryId: number | null) {
  await requireCategory(db, categoryId);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const updated = await tx.update(media).set({ categoryId }).where(inArray(media.id, unique)).returning({ id: media.id });
    if (updated.length !== unique.length) throw new DomainError("invalid", galleryCategoryMessages.someMissing, { ids: galleryCategoryMessages.someMissing });
    return updated.length;
  });
}

/** The public gallery, newest first, each item with its category; `slug` keeps one category's (an unknown slug: none). */
export async function galleryItems(db: Database, slug: string | undefined) {
  const rows = await db
    .select({
      id: media.id,
      title: media.title,
      description: media.description,
      fileType: media.fileType,
      posterKey: media.posterKey,
      durationSeconds: media.durationSeconds,
      createdAt: media.createdAt,
      categoryId: galleryCategories.id,
      categoryName: galleryCategories.name,
      categorySlug: galleryCategories.slug,
    })
    .from(media)
    .leftJoin(galleryCategories, eq(media.categoryId, galleryCategories.id))
    .where(and(eq(media.isGalleryItem, true), slug ? eq(galleryCategories.slug, slug) : undefined))
    .orderBy(desc(media.createdAt), desc(media.id));
  return rows.map(({ categoryId, categoryName, categorySlug: slugOf, ...row }) =>
    galleryItem(row, categoryId === null || categoryName === null || slugOf === null ? null : { id: categoryId, name: categoryName, slug: slugOf }),
  );
}

/** The categories the public gallery's chips show: those with at least one public item, in order. */
export function publicGalleryCategories(db: Database) {
  return db
    .select({ id: galleryCategories.id, name: galleryCategories.name, slug: galleryCategories.slug })
    .from(galleryCategories)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(media)
          .where(and(eq(media.categoryId, galleryCategories.id), eq(media.isGalleryItem, true))),
      ),
    )
    .orderBy(...ORDER);
}
